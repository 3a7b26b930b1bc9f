import { Input, List, Popup, SpinLoading, Switch } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { HelpRow } from '@/api/mine-set';
import type { Page } from '@/api/http';
import { getHelpArticles } from '@/api/mine-set';
import { confirm, toast } from '@/components/feedback';
import { MerchantLogo } from '@/components/merchant-logo';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import { APP_VERSION } from '@/config/app-version';
import { settings } from '@/config/env';
import { href } from '@/config/routes';
import { maskPhone } from '@/lib/phone';
import { telHref } from '@/lib/safe-url';
import { formatTime } from '@/lib/time';
import { RichHtml } from '@/sections/mine/rich-html';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { EDIT_LABELS, mineSetStore, type EditTarget, type MineSetStore } from '@/stores/screens/mine/mine-set';
import styles from './mine-set.module.css';

/**
 * /mine/set — 设置中心 (C-mine.md "/mine/set"): 商户信息 (logo, 商户简称, 联系人, 登录手机号, 客服电话, 接收邮箱; orange
 * 待完善 on the fields checkoutMerchantInfo lists; a tap on an editable one opens its input sheet), 消息通知 (the push
 * and SMS alarm switches, 告警接收手机号), 账号安全 (修改登录密码 → find-pass), 帮助中心 (a sheet: the articles, then
 * one rendered through DOMPurify), 关于 (version, 平台客服) and 退出登录 (confirmed; unbinds this WeChat / Alipay user,
 * forgets the login, → /mine/bind).
 */

/** One editable row: label, value (or 待完善 / 未设置), chevron; opens the input sheet. */
const EditRow = observer(function EditRow({ store, target }: { store: MineSetStore; target: EditTarget }) {
  const value = store.storedValue(target);
  const missing = target !== 'alarmPhone' && store.missing(target);
  return (
    <List.Item
      onClick={() => store.startEdit(target)}
      extra={
        <span className={missing ? styles.missing : undefined} data-testid={`set-${target}`}>
          {missing ? `待完善${value ? ` · ${value}` : ''}` : value || '未设置'}
        </span>
      }
    >
      {EDIT_LABELS[target]}
    </List.Item>
  );
});

const EditSheet = observer(function EditSheet({ store }: { store: MineSetStore }) {
  const target = store.editing;
  return (
    <Popup visible={target !== null} onMaskClick={() => store.cancelEdit()} onClose={() => store.cancelEdit()}>
      {target !== null && (
        <form
          className={styles.sheet}
          data-testid="set-edit-sheet"
          onSubmit={(e) => {
            e.preventDefault();
            void store.saveEdit().then((text) => text && toast(text));
          }}
        >
          <h3>{EDIT_LABELS[target]}</h3>
          <Input
            aria-label={EDIT_LABELS[target]}
            name={target}
            value={store.draft}
            maxLength={target === 'email' ? 50 : 20}
            type={target === 'email' ? 'email' : target === 'alarmPhone' || target === 'servicePhone' ? 'tel' : 'text'}
            onChange={(v) => store.setDraft(v)}
            clearable
          />
          {store.error && (
            <p className={styles.error} role="alert">
              {store.error}
            </p>
          )}
          <div className={styles.sheetActions}>
            <Button onClick={() => store.cancelEdit()}>取消</Button>
            <Button color="primary" type="submit" loading={store.saving} disabled={store.saving}>
              保存
            </Button>
          </div>
        </form>
      )}
    </Popup>
  );
});

const HelpSheet = observer(function HelpSheet({ store }: { store: MineSetStore }) {
  const scroller = useRef<HTMLDivElement>(null);
  const article = store.article;
  return (
    <Popup
      visible={store.helpOpen}
      onMaskClick={() => store.closeHelp()}
      onClose={() => store.closeHelp()}
      showCloseButton
      bodyClassName={styles.helpBody}
    >
      <div ref={scroller} className={styles.helpScroll} data-testid="help-sheet">
        {article ? (
          <div className={styles.article}>
            <Button size="small" fill="none" onClick={() => store.closeArticle()}>
              ‹ 返回列表
            </Button>
            {article.data ? (
              <>
                <h3 data-testid="help-title">{article.data.title}</h3>
                <p className={styles.muted}>{formatTime(article.data.publishTime, 'YYYY-MM-DD')}</p>
                <RichHtml html={article.data.content} className={styles.html} testId="help-content" />
              </>
            ) : article.failed ? (
              <div className={styles.center} role="alert">
                <p>加载失败</p>
                <Button size="small" onClick={() => void article.load()}>
                  重新加载
                </Button>
              </div>
            ) : (
              <div className={styles.center} aria-busy="true">
                <SpinLoading color="primary" />
              </div>
            )}
          </div>
        ) : (
          <>
            <h3>帮助中心</h3>
            {store.helpOpen && (
              <PagedList<HelpRow, Page<HelpRow>>
                testId="help-list"
                scrollParent={scroller}
                fetchPage={(pageNum, pageSize) => getHelpArticles(pageNum, pageSize)}
                itemKey={(a) => a.id}
                estimateSize={56}
                skeletonRows={4}
                renderItem={(a) => (
                  <button type="button" className={styles.helpRow} onClick={() => store.openArticle(a.id)}>
                    <span>{a.title}</span>
                    <small>{a.category}</small>
                  </button>
                )}
                empty={<p>暂无帮助文章</p>}
              />
            )}
          </>
        )}
      </div>
    </Popup>
  );
});

const MineSetPage = observer(function MineSetPage() {
  const store = useScreenStore(mineSetStore);
  const { merchant, platform } = useStores();
  const navigate = useNavigate();
  useEffect(() => {
    void store.load();
  }, [store]);
  const info = merchant.info;
  const name = info?.shortName || info?.name || '';
  const pushLabel = platform.name === 'alipay' ? '支付宝消息推送' : '微信消息推送';
  const onLogout = async () => {
    if (!(await confirm('退出登录', '退出后需重新绑定手机号登录，确定退出？'))) return;
    if (await store.logout()) void navigate(href('bind'), { replace: true });
  };
  return (
    <main className={styles.page}>
      <List header="商户信息" className={styles.list}>
        <List.Item extra={<MerchantLogo src={merchant.base.logo} name={name} className={styles.logo} />}>
          商户头像
        </List.Item>
        <EditRow store={store} target="shortName" />
        <EditRow store={store} target="contacts" />
        <List.Item extra={<span data-testid="set-phone">{maskPhone(merchant.base.phone) || '--'}</span>}>
          登录手机号
        </List.Item>
        <EditRow store={store} target="servicePhone" />
        <EditRow store={store} target="email" />
      </List>
      <List header="消息通知" className={styles.list}>
        <List.Item
          extra={
            <Switch
              aria-label={pushLabel}
              checked={store.switchOn('onMessage')}
              loading={store.pending.onMessage !== undefined}
              onChange={(on) => void store.setSwitch('onMessage', on).then((t) => t && toast(t))}
            />
          }
        >
          {pushLabel}
        </List.Item>
        <List.Item
          extra={
            <Switch
              aria-label="短信告警"
              checked={store.switchOn('phoneMessageReceive')}
              loading={store.pending.phoneMessageReceive !== undefined}
              onChange={(on) => void store.setSwitch('phoneMessageReceive', on).then((t) => t && toast(t))}
            />
          }
        >
          短信告警
        </List.Item>
        <EditRow store={store} target="alarmPhone" />
      </List>
      <List header="账号安全" className={styles.list}>
        <EntryLink to={href('findPass', { phone: merchant.base.phone || undefined })} className={styles.linkRow}>
          <span>修改登录密码</span>
          <span aria-hidden>›</span>
        </EntryLink>
      </List>
      <List header="帮助与关于" className={styles.list}>
        <List.Item onClick={() => store.openHelp()}>帮助中心</List.Item>
        <List.Item extra={<span data-testid="set-version">v{APP_VERSION}</span>}>版本</List.Item>
        <List.Item
          extra={settings.servicePhone ? <a href={telHref(settings.servicePhone)}>{settings.servicePhone}</a> : '--'}
        >
          平台客服
        </List.Item>
      </List>
      <Button
        block
        color="danger"
        className={styles.logout}
        loading={store.loggingOut}
        onClick={() => void onLogout()}
        data-testid="set-logout"
      >
        退出登录
      </Button>
      <EditSheet store={store} />
      <HelpSheet store={store} />
    </main>
  );
});

export default MineSetPage;
