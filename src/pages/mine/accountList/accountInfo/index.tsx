import { accountStatusLabel } from '@/api/accounts-rules';
import { Checkbox, Input, Popup, Radio, SearchBar, Switch, TextArea } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { PERMISSION_GROUPS } from '@/api/accounts';
import { confirm, toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { scrollRegion } from '@/components/scroll-region';
import { BottomBar, DetailFailed, DetailLoading, Field, useUnsavedGuard } from '@/sections/mine/card-parts';
import riders from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { subAccountFormStore, type SubAccountFormStore } from '@/stores/screens/mine/sub-accounts';
import styles from './account-info.module.css';

/**
 * /mine/accountList/accountInfo — 子账号详情 / 新增子账号 (C-mine.md "/mine/accountList/accountInfo"; Business rules 1,
 * 20): 姓名 *, 手机号 * (the login; read-only when editing), 登录密码 * (new) or 重置密码 (edit, optional), the 权限
 * checkboxes (each writes its codes; 提现 ticks 收入查看, 订单退款 ticks 订单查看; a partly held group shows half-ticked),
 * 站点范围 全部站点 / 指定站点 (a searchable multi-select of the operator's own sites), 备注, 状态 (edit only; turning
 * it off asks "停用后该子账号将立即退出登录，确定停用？"). 保存 validates in the form's order, saves once (addAC / editAC:
 * a change logs the sub-account out), toasts 添加成功 / 保存成功 and goes back to the list, which reloads. Leaving with
 * changes asks first.
 */

const SitePicker = observer(function SitePicker({
  store,
  open,
  onClose,
}: {
  store: SubAccountFormStore;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.pickerBody}>
      <div className={styles.picker} role="dialog" aria-label="选择站点">
        <h3 className={styles.pickerTitle}>选择站点（已选 {store.chosenSites.length} 个）</h3>
        <SearchBar
          placeholder="搜索站点名称"
          aria-label="搜索站点名称"
          value={store.siteKeyword}
          onChange={(v) => store.setSiteKeyword(v)}
        />
        <div className={styles.pickerList} {...scrollRegion('站点列表')} data-testid="sub-account-site-picker">
          {store.sites.failed && (
            <div className={riders.center} role="alert">
              <p>加载失败</p>
              <Button size="small" onClick={() => void store.sites.load()}>
                点击重试
              </Button>
            </div>
          )}
          {store.sites.data && store.shownSites.length === 0 && <p className={riders.muted}>暂无站点</p>}
          {store.shownSites.map((s) => (
            <div key={s.id} className={styles.pickerRow} data-testid={`sub-account-site-${s.id}`}>
              <Checkbox checked={store.fields.siteIds.includes(s.id)} onChange={() => store.toggleSite(s.id)}>
                {s.name}
              </Checkbox>
            </div>
          ))}
        </div>
        <Button block color="primary" onClick={onClose}>
          确定
        </Button>
      </div>
    </Popup>
  );
});

const Form = observer(function Form({ store }: { store: SubAccountFormStore }) {
  const navigate = useNavigate();
  const [picking, setPicking] = useState(false);
  useUnsavedGuard(store.dirty);
  // Back to the list once saved: after the render that lifted the unsaved-changes guard.
  useEffect(() => {
    if (store.saved) void navigate(-1);
  }, [store.saved, navigate]);
  const f = store.fields;
  const save = async () => {
    const outcome = await store.save();
    if (outcome === null) return;
    if (typeof outcome === 'object') {
      toast(outcome.error);
      return;
    }
    toast(outcome === 'added' ? '添加成功' : '保存成功');
  };
  const switchStatus = async (on: boolean) => {
    if (on) {
      store.setStatus(1);
      return;
    }
    if (await confirm('停用子账号', '停用后该子账号将立即退出登录，确定停用？')) store.setStatus(2);
  };
  return (
    <main className={riders.page}>
      <h2 className={styles.heading}>{store.editing ? '编辑子账号' : '新增子账号'}</h2>
      <section className={riders.card} aria-label="账号信息">
        <Field label="姓名" required htmlFor="sub-name">
          <Input
            id="sub-name"
            name="name"
            placeholder="请输入姓名"
            maxLength={20}
            value={f.name}
            onChange={(v) => store.set('name', v)}
          />
        </Field>
        <Field label="手机号" required htmlFor={store.editing ? undefined : 'sub-phone'}>
          {store.editing ? (
            <span data-testid="sub-account-phone">{f.phone}</span>
          ) : (
            <Input
              id="sub-phone"
              name="phone"
              type="tel"
              placeholder="登录手机号"
              maxLength={11}
              value={f.phone}
              onChange={(v) => store.set('phone', v)}
            />
          )}
        </Field>
        <Field label={store.editing ? '重置密码' : '登录密码'} required={!store.editing} htmlFor="sub-password">
          <Input
            id="sub-password"
            name="password"
            type="password"
            autoComplete="new-password"
            placeholder={store.editing ? '不修改请留空' : '6-20位字母加数字'}
            maxLength={20}
            value={f.password}
            onChange={(v) => store.set('password', v)}
          />
        </Field>
      </section>

      <section className={riders.card} aria-labelledby="sub-permissions">
        <h2 id="sub-permissions">权限</h2>
        <div className={styles.groups} data-testid="sub-account-permissions">
          {PERMISSION_GROUPS.map((g) => {
            const state = store.groupState(g.key);
            return (
              <Checkbox
                key={g.key}
                checked={state === 'all'}
                indeterminate={state === 'some'}
                onChange={() => store.toggleGroup(g.key)}
                data-testid={`permission-${g.key}`}
              >
                {g.label}
              </Checkbox>
            );
          })}
        </div>
      </section>

      <section className={riders.card} aria-labelledby="sub-scope">
        <h2 id="sub-scope">站点范围</h2>
        <Radio.Group value={f.dataScope} onChange={(v) => store.setDataScope(v === 2 ? 2 : 1)}>
          <div className={styles.scopes}>
            <Radio value={1}>全部站点</Radio>
            <Radio value={2}>指定站点</Radio>
          </div>
        </Radio.Group>
        {f.dataScope === 2 && (
          <div className={styles.chosen}>
            <p data-testid="sub-account-chosen-sites">
              {store.chosenSites.length > 0 ? store.chosenSites.map((s) => s.name).join('、') : '未选择站点'}
            </p>
            <Button size="small" color="primary" fill="outline" onClick={() => setPicking(true)}>
              选择站点（{store.chosenSites.length}）
            </Button>
          </div>
        )}
      </section>

      <section className={riders.card} aria-label="备注与状态">
        <Field label="备注" htmlFor="sub-remark">
          <TextArea
            id="sub-remark"
            name="remark"
            placeholder="选填，最多50个字"
            maxLength={50}
            autoSize={{ minRows: 1, maxRows: 3 }}
            value={f.remark}
            onChange={(v) => store.set('remark', v)}
          />
        </Field>
        {store.editing && (
          <Field label="状态">
            <div className={styles.status}>
              <Switch
                checked={f.status === 1}
                onChange={(on) => void switchStatus(on)}
                aria-label="启用子账号"
                data-testid="sub-account-status-switch"
              />
              <span data-testid="sub-account-status-text">{accountStatusLabel(f.status)}</span>
            </div>
          </Field>
        )}
      </section>

      <SitePicker store={store} open={picking} onClose={() => setPicking(false)} />
      <BottomBar>
        <Button
          block
          color="primary"
          loading={store.guard.busy('save')}
          disabled={store.guard.busy('save')}
          onClick={() => void save()}
          data-testid="sub-account-save"
        >
          保存
        </Button>
      </BottomBar>
    </main>
  );
});

const AccountInfo = observer(function AccountInfo() {
  const query = useRouteQuery('accountInfo');
  const store = useScreenStore(subAccountFormStore, query?.id ?? null);
  useEffect(() => {
    void store.load();
  }, [store]);
  if (store.pending) return <DetailLoading />;
  if (store.failed) {
    return <DetailFailed text={store.missing ? '子账号不存在' : '加载失败'} onRetry={() => void store.load()} />;
  }
  return <Form store={store} />;
});

export default AccountInfo;
