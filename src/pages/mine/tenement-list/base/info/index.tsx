import { accountStatusLabel } from '@/api/accounts-rules';
import { Input, Popup, Switch } from 'antd-mobile';
import { ActionLink } from '@/components/links';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { telHref } from '@/lib/safe-url';
import { formatTime } from '@/lib/time';
import { BottomBar, DetailFailed, DetailLoading, Field, Rows } from '@/sections/mine/card-parts';
import riders from '@/sections/mine/riders.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { tenementInfoStore, type LoginFields, type TenementInfoStore } from '@/stores/screens/mine/tenement';
import styles from './tenement-info.module.css';

/**
 * /mine/tenement-list/base/info — 物业账号 (C-mine.md "/mine/tenement-list/base/info"; Business rule 21). Without
 * merchantId the new-property form (物业名称, 联系人, 联系电话, 同时开通登录账号 with the login fields) → 物业已添加 and
 * the new property's account. With it: the property card (contact with a call link, 站点 N 个 › to its sites, 本月分润,
 * 累计分润) and its login — when it has one: 登录手机号, 账号名称, 状态 (停用 confirmed), 开通时间, 最近登录, 重置密码,
 * 修改登录手机号, 删除账号 (confirmed); when not: the form 开通物业账号 (login phone default the property's phone, name
 * default the property's name). A phone another account uses is refused with 该手机号已被其他账号使用.
 */

const LOGIN_LABELS: Record<keyof LoginFields, string> = {
  loginPhone: '登录手机号',
  accountName: '账号名称',
  password: '初始密码',
  confirm: '确认密码',
};

/** The login fields (开通物业账号), shared by the new-property form and the property without login. */
const LoginForm = observer(function LoginForm({ store }: { store: TenementInfoStore }) {
  return (
    <>
      {(Object.keys(LOGIN_LABELS) as (keyof LoginFields)[]).map((field) => (
        <Field key={field} label={LOGIN_LABELS[field]} required htmlFor={`property-${field}`}>
          <Input
            id={`property-${field}`}
            name={field}
            type={field === 'password' || field === 'confirm' ? 'password' : field === 'loginPhone' ? 'tel' : 'text'}
            autoComplete={field === 'password' || field === 'confirm' ? 'new-password' : 'off'}
            maxLength={field === 'loginPhone' ? 11 : 20}
            value={store.login[field]}
            onChange={(v) => store.setLogin(field, v)}
          />
        </Field>
      ))}
    </>
  );
});

const NewProperty = observer(function NewProperty({ store }: { store: TenementInfoStore }) {
  const navigate = useNavigate();
  const save = async () => {
    const outcome = await store.createProperty();
    if (outcome === null) return;
    if ('error' in outcome) {
      toast(outcome.error);
      return;
    }
    toast('物业已添加');
    void navigate(href('tenementInfo', { merchantId: outcome.merchantId }), { replace: true });
  };
  const p = store.property;
  return (
    <main className={riders.page}>
      <h2 className={styles.heading}>新增物业</h2>
      <section className={riders.card} aria-label="物业信息">
        <Field label="物业名称" required htmlFor="property-name">
          <Input
            id="property-name"
            name="propertyName"
            maxLength={30}
            value={p.name}
            onChange={(v) => store.setProperty('name', v)}
          />
        </Field>
        <Field label="联系人" required htmlFor="property-contacts">
          <Input
            id="property-contacts"
            name="contacts"
            maxLength={10}
            value={p.contacts}
            onChange={(v) => store.setProperty('contacts', v)}
          />
        </Field>
        <Field label="联系电话" required htmlFor="property-phone">
          <Input
            id="property-phone"
            name="contactPhone"
            type="tel"
            maxLength={11}
            value={p.contactPhone}
            onChange={(v) => store.setProperty('contactPhone', v)}
          />
        </Field>
        <Field label="同时开通登录账号">
          <Switch
            checked={store.withLogin}
            onChange={(on) => store.setWithLogin(on)}
            aria-label="同时开通登录账号"
            data-testid="property-with-login"
          />
        </Field>
        {store.withLogin && <LoginForm store={store} />}
      </section>
      <BottomBar>
        <Button
          block
          color="primary"
          loading={store.guard.busy('create')}
          disabled={store.guard.busy('create')}
          onClick={() => void save()}
          data-testid="property-save"
        >
          保存
        </Button>
      </BottomBar>
    </main>
  );
});

const SHEET_TITLES = { password: '重置密码', phone: '修改登录手机号' } as const;

const AccountSheet = observer(function AccountSheet({ store }: { store: TenementInfoStore }) {
  const sheet = store.sheet;
  const save = async () => {
    const outcome = await store.saveSheet();
    if (outcome === null) return;
    toast(typeof outcome === 'string' ? outcome : outcome.error);
  };
  return (
    <Popup visible={sheet !== null} onMaskClick={() => store.openSheet(null)} onClose={() => store.openSheet(null)}>
      {sheet !== null && (
        <form
          className={styles.sheet}
          role="dialog"
          aria-label={SHEET_TITLES[sheet]}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <h3>{SHEET_TITLES[sheet]}</h3>
          {sheet === 'password' ? (
            <>
              <Field label="新密码" htmlFor="sheet-password">
                <Input
                  id="sheet-password"
                  name="newPassword"
                  type="password"
                  autoComplete="new-password"
                  maxLength={20}
                  value={store.sheetFields.password}
                  onChange={(v) => store.setSheetField('password', v)}
                />
              </Field>
              <Field label="确认密码" htmlFor="sheet-confirm">
                <Input
                  id="sheet-confirm"
                  name="confirmPassword"
                  type="password"
                  autoComplete="new-password"
                  maxLength={20}
                  value={store.sheetFields.confirm}
                  onChange={(v) => store.setSheetField('confirm', v)}
                />
              </Field>
            </>
          ) : (
            <Field label="新手机号" htmlFor="sheet-phone">
              <Input
                id="sheet-phone"
                name="newPhone"
                type="tel"
                maxLength={11}
                value={store.sheetFields.phone}
                onChange={(v) => store.setSheetField('phone', v)}
              />
            </Field>
          )}
          <div className={styles.sheetActions}>
            <Button onClick={() => store.openSheet(null)}>取消</Button>
            <Button
              color="primary"
              type="submit"
              loading={store.guard.busy('sheet')}
              disabled={store.guard.busy('sheet')}
            >
              保存
            </Button>
          </div>
        </form>
      )}
    </Popup>
  );
});

const Property = observer(function Property({ store }: { store: TenementInfoStore }) {
  const view = store.view.data;
  const home = store.home.data;
  if (!view) {
    return store.view.failed ? (
      <DetailFailed text="物业不存在或无权查看" onRetry={() => void store.load()} />
    ) : (
      <DetailLoading />
    );
  }
  const { merchant, account } = view;
  const merchantId = merchant.merchantId;
  const tel = telHref(merchant.phone);
  const toggle = async (on: boolean) => {
    if (!on && !(await confirm('停用物业账号', '停用后物业将无法登录查看收益，确定停用？'))) return;
    if (await store.setStatus(on ? 1 : 2)) toast(on ? '已启用' : '已停用');
  };
  const remove = async () => {
    if (!(await confirm('删除账号', '删除后物业无法登录，分润数据保留，确定删除？'))) return;
    if (await store.deleteLogin()) toast('已删除');
  };
  const open = async () => {
    const outcome = await store.openLogin();
    if (typeof outcome === 'object') toast(outcome.error);
    else if (outcome) toast('开通成功，已短信通知物业');
  };
  return (
    <main className={riders.page}>
      <section className={riders.card} aria-label="物业信息">
        <h2 data-testid="property-name">{merchant.name}</h2>
        <Rows
          rows={[
            {
              label: '联系人',
              value: (
                <>
                  {merchant.contacts || '--'} {tel ? <a href={tel}>{merchant.phone}</a> : merchant.phone}
                </>
              ),
            },
            {
              label: '站点',
              value: (
                <ActionLink to={href('tenementSites', { merchantId })} data-testid="property-site-count">
                  {home ? `${home.summary.siteCount} 个 ›` : '--'}
                </ActionLink>
              ),
            },
            { label: '本月分润', value: formatFen(home?.summary.monthShareIncome), testId: 'property-month-share' },
            { label: '累计分润', value: formatFen(home?.summary.totalShareIncome), testId: 'property-total-share' },
          ]}
        />
      </section>
      {account ? (
        <section className={riders.card} aria-label="物业账号">
          <h2>物业账号</h2>
          <Rows
            rows={[
              { label: '登录手机号', value: account.loginPhone, testId: 'property-login-phone' },
              { label: '账号名称', value: account.name, testId: 'property-account-name' },
              {
                label: '状态',
                value: (
                  <span className={styles.status}>
                    <Switch
                      checked={account.status === 1}
                      disabled={store.guard.busy('status')}
                      onChange={(on) => void toggle(on)}
                      aria-label="启用物业账号"
                      data-testid="property-status-switch"
                    />
                    <span data-testid="property-status">{accountStatusLabel(account.status)}</span>
                  </span>
                ),
              },
              { label: '开通时间', value: formatTime(account.createTime) },
              { label: '最近登录', value: account.lastLoginTime ? formatTime(account.lastLoginTime) : '--' },
            ]}
          />
          <div className={styles.actions}>
            <Button size="small" onClick={() => store.openSheet('password')}>
              重置密码
            </Button>
            <Button size="small" onClick={() => store.openSheet('phone')}>
              修改登录手机号
            </Button>
            <Button
              size="small"
              color="danger"
              fill="outline"
              disabled={store.guard.busy('delete')}
              onClick={() => void remove()}
            >
              删除账号
            </Button>
          </div>
          <AccountSheet store={store} />
        </section>
      ) : (
        <section className={riders.card} aria-label="开通物业账号">
          <h2>开通物业账号</h2>
          <LoginForm store={store} />
          <Button
            block
            color="primary"
            className={styles.open}
            loading={store.guard.busy('open')}
            disabled={store.guard.busy('open')}
            onClick={() => void open()}
            data-testid="property-open"
          >
            开通
          </Button>
        </section>
      )}
    </main>
  );
});

const TenementInfo = observer(function TenementInfo() {
  const query = useRouteQuery('tenementInfo');
  const store = useScreenStore(tenementInfoStore, query?.merchantId ?? null);
  useEffect(() => {
    void store.load();
  }, [store]);
  return store.merchantId === null ? <NewProperty store={store} /> : <Property store={store} />;
});

export default TenementInfo;
