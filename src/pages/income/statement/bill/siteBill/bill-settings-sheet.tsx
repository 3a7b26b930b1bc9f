import { ActionSheet, Checkbox, Input, Picker, Popup, SpinLoading, Switch } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { Button } from '@/components/button';
import type { BillSetting } from '@/api/bill-settings';
import type { MerchantItem } from '@/api/statements';
import { confirm, toast } from '@/components/feedback';
import s from '@/sections/income/statement.module.css';
import { electricityText, type BillSettingsStore } from '@/stores/screens/income/bill-settings';
import styles from './bill-settings-sheet.module.css';

/**
 * 账单设置 of the site-bill screen (D-income.md §4 /income/statement/bill/siteBill, "Top-right 账单设置"): a bottom sheet
 * at 80 % height with the caller's settings — property, `{n}个站点`, 出账日 每月{billDay}日, 物业可见 开启/关闭 — each with
 * 编辑 and 删除 (confirmed: 删除后物业将无法查看这些站点的账单，出账日恢复为每月1日，确定删除？), `+ 新增设置`, and the
 * add/edit form in the sheet: 物业 (picker), 站点 (the property's sites to tick, each with its electricity terms
 * read-only), 出账日 (1–28), 物业可查看账单, 账单接收邮箱（选填）, 保存. Empty: 暂无账单设置，新增后可设置出账日并开放物业查看.
 */

const DAYS = [Array.from({ length: 28 }, (_, i) => ({ label: `${i + 1}日`, value: i + 1 }))];
const DELETE_QUESTION = '删除后物业将无法查看这些站点的账单，出账日恢复为每月1日，确定删除？';

const SettingRow = observer(function SettingRow({
  store,
  setting,
}: {
  store: BillSettingsStore;
  setting: BillSetting;
}) {
  const remove = async () => {
    if (!(await confirm('删除账单设置', DELETE_QUESTION, '删除'))) return;
    const text = await store.remove(setting.id);
    if (text) toast(text);
  };
  return (
    <div className={s.row} data-testid={`bill-setting-${setting.id}`}>
      <div className={s.rowHead}>
        <span>{setting.merchantName}</span>
        <span>{setting.siteIds.length}个站点</span>
      </div>
      <div className={s.rowLine}>
        <span>出账日 每月{setting.billDay}日</span>
        <span>物业可见 {setting.visibleToProperty === 1 ? '开启' : '关闭'}</span>
        {setting.siteNames.length > 0 && <span>{setting.siteNames.join('、')}</span>}
      </div>
      <div className={styles.actions}>
        <Button size="small" onClick={() => store.startForm(setting)}>
          编辑
        </Button>
        <Button
          size="small"
          color="danger"
          fill="outline"
          loading={store.guard.busy(`delete-${setting.id}`)}
          disabled={store.guard.busy(`delete-${setting.id}`)}
          onClick={() => void remove()}
        >
          删除
        </Button>
      </div>
    </div>
  );
});

const SettingList = observer(function SettingList({ store }: { store: BillSettingsStore }) {
  const { settings } = store;
  let body;
  if (settings.failed)
    body = (
      <Button size="small" onClick={() => void settings.load()}>
        重新加载
      </Button>
    );
  else if (!settings.data) body = <SpinLoading color="primary" />;
  else if (settings.data.length === 0) body = <p className={s.empty}>暂无账单设置，新增后可设置出账日并开放物业查看</p>;
  else body = settings.data.map((x) => <SettingRow key={x.id} store={store} setting={x} />);
  return (
    <>
      <div>{body}</div>
      <div className={styles.foot}>
        <Button block color="primary" data-testid="bill-setting-add" onClick={() => store.startForm(null)}>
          + 新增设置
        </Button>
      </div>
    </>
  );
});

const SettingForm = observer(function SettingForm({
  store,
  merchants,
}: {
  store: BillSettingsStore;
  merchants: MerchantItem[];
}) {
  const d = store.draft;
  if (!d) return null;
  const merchant = merchants.find((m) => m.merchantId === d.merchantId);
  const pickMerchant = () => {
    const handler = ActionSheet.show({
      extra: '选择物业',
      actions: merchants.map((m) => ({ key: m.merchantId, text: m.name })),
      cancelText: '取消',
      onAction: (action) => {
        store.setMerchant(Number(action.key));
        handler.close();
      },
    });
  };
  const pickDay = async () => {
    const value = await Picker.prompt({ columns: DAYS, defaultValue: [d.billDay], title: '出账日' });
    if (value?.[0]) store.setBillDay(Number(value[0]));
  };
  const save = async () => {
    const text = await store.save();
    if (text) toast(text);
  };
  const sites = store.sites;
  let siteList;
  if (d.merchantId === null) siteList = <p className={styles.terms}>请先选择物业</p>;
  else if (sites.failed)
    siteList = (
      <Button size="small" onClick={() => void sites.load()}>
        重新加载
      </Button>
    );
  else if (!sites.data || sites.loading) siteList = <SpinLoading color="primary" />;
  else if (sites.data.length === 0) siteList = <p className={styles.terms}>该物业暂无站点</p>;
  else
    siteList = sites.data.map((site) => (
      <div key={site.siteId} className={styles.site} data-testid={`bill-setting-site-${site.siteId}`}>
        <Checkbox checked={d.siteIds.includes(site.siteId)} onChange={() => store.toggleSite(site.siteId)}>
          {site.siteName}
          <span className={styles.terms}>{electricityText(site)}</span>
        </Checkbox>
      </div>
    ));
  return (
    <div data-testid="bill-setting-form">
      <div className={styles.field}>
        <span className={s.label}>物业</span>
        <button type="button" className={s.picker} data-testid="bill-setting-merchant" onClick={pickMerchant}>
          <span>{merchant?.name ?? '请选择物业'}</span>
          <RightOutline />
        </button>
      </div>
      <div className={styles.field} data-testid="bill-setting-site-list">
        <span className={s.label}>站点</span>
        {siteList}
      </div>
      <div className={styles.field}>
        <span className={s.label}>出账日</span>
        <button type="button" className={s.picker} data-testid="bill-setting-day" onClick={() => void pickDay()}>
          <span>每月{d.billDay}日</span>
          <RightOutline />
        </button>
      </div>
      <div className={s.cell}>
        <span>物业可查看账单</span>
        <Switch
          checked={d.visibleToProperty}
          onChange={(on) => store.setVisible(on)}
          aria-label="物业可查看账单"
          data-testid="bill-setting-visible"
        />
      </div>
      <div className={styles.field}>
        <span className={s.label}>账单接收邮箱（选填）</span>
        <Input
          name="billEmail"
          aria-label="账单接收邮箱"
          type="email"
          placeholder="请输入邮箱"
          value={d.email}
          onChange={(v) => store.setEmail(v)}
        />
      </div>
      <div className={styles.foot}>
        <Button onClick={() => store.cancelForm()}>取消</Button>
        <Button
          color="primary"
          data-testid="bill-setting-save"
          loading={store.guard.busy('save')}
          disabled={store.guard.busy('save')}
          onClick={() => void save()}
        >
          保存
        </Button>
      </div>
    </div>
  );
});

export const BillSettingsSheet = observer(function BillSettingsSheet({
  store,
  merchants,
}: {
  store: BillSettingsStore;
  merchants: MerchantItem[];
}) {
  const title = store.draft ? (store.draft.id === null ? '新增账单设置' : '编辑账单设置') : '账单设置';
  return (
    <Popup
      visible={store.open}
      bodyClassName={styles.body}
      onMaskClick={() => store.close()}
      onClose={() => store.close()}
    >
      <div className={styles.sheet} role="dialog" aria-label={title} data-testid="bill-settings">
        <h3>{title}</h3>
        {store.draft ? <SettingForm store={store} merchants={merchants} /> : <SettingList store={store} />}
      </div>
    </Popup>
  );
});
