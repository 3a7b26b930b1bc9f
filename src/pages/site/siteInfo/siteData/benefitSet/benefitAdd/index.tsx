import { Input, List, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { Button } from '@/components/button';
import { RATE_COLUMNS, SHARE_MESSAGES } from '@/api/site-settings-rules';
import { toast } from '@/components/feedback';
import { Segmented } from '@/components/segmented';
import { formatBp } from '@/lib/rate';
import { maskPhone } from '@/lib/phone';
import { href } from '@/config/routes';
import { useScreenStore } from '@/stores/screen-store';
import { ACCOUNT_TYPE_TAGS, addPartyStore, type AddPartyStore } from '@/stores/screens/site/site-settings-share';
import { useGoBack } from '@/sections/site/navigation';
import { InputRow, LoadGate, Section, useLoadOrLeave, useSiteQuery } from '@/sections/site/settings-ui';
import { saveShareChange } from '@/sections/site/share-parts';
import shared from '@/sections/site/settings.module.css';
import styles from './benefit-add.module.css';

/**
 * /site/siteInfo/siteData/benefitSet/benefitAdd — 添加分成方 (B-site.md §4): the type (物业 = the site's property,
 * 代理商 / 合作方 = an account found by phone with 查询), the rates (mode 1: 充电 / 充值 / 投币; mode 2: one) within what
 * remains, a remark, and 确定添加 (effective tomorrow; back to the previous screen, which reloads).
 */

const TYPES = [
  { key: '2', label: '物业' },
  { key: '3', label: '代理商' },
  { key: '4', label: '合作方' },
] as const;

const Candidate = observer(function Candidate({ store }: { store: AddPartyStore }) {
  if (store.partyType === 2) {
    const disabled = store.propertyDisabled;
    const site = store.ctx.site.data;
    return disabled ? (
      <p className={shared.warning}>{disabled}</p>
    ) : (
      <div className={styles.candidate} data-testid="candidate">
        <strong>{site?.merchantName}</strong>
        <Tag color="success" fill="outline">
          物业
        </Tag>
        <p className={`${shared.tip} ${styles.candidateTip}`}>站点关联的物业</p>
      </div>
    );
  }
  const search = async () => {
    const message = await store.search();
    if (message) toast(message);
  };
  const found = store.candidate;
  const searched = store.lookup !== null && store.lookedUp === store.phone;
  return (
    <>
      <List>
        <InputRow
          label="手机号"
          name="phone"
          inputMode="tel"
          maxLength={11}
          placeholder="对方登录手机号"
          value={store.phone}
          onChange={(v) => store.setPhone(v)}
          unit={
            <Button size="small" color="primary" loading={store.searching} onClick={() => void search()}>
              查询
            </Button>
          }
        />
      </List>
      {searched && !store.lookup?.exists && <p className={shared.tip}>未找到账号</p>}
      {found && (
        <div className={styles.candidate} data-testid="candidate">
          <strong>{found.name}</strong>
          {found.accountType !== null && (
            <Tag color="primary" fill="outline">
              {ACCOUNT_TYPE_TAGS[found.accountType] ?? '账号'}
            </Tag>
          )}
          <p className={`${shared.tip} ${styles.candidateTip}`}>
            {found.contacts ? `${found.contacts} · ` : ''}
            {maskPhone(found.phone)}
          </p>
        </div>
      )}
    </>
  );
});

const Rates = observer(function Rates({ store }: { store: AddPartyStore }) {
  const columns = store.mode === 2 ? [{ key: 'chargeRate' as const, label: '分成比例' }] : RATE_COLUMNS;
  return (
    <List>
      {columns.map((c) => (
        <InputRow
          key={c.key}
          label={c.label}
          name={`rate-${c.key}`}
          unit="%"
          hint={`当前剩余可分配 ${formatBp(store.mode === 2 ? store.remainingAll : store.remaining[c.key])}`}
          placeholder="0-100，最多两位小数"
          value={store.rates[c.key]}
          onChange={(v) => store.setRate(c.key, v)}
        />
      ))}
    </List>
  );
});

const BenefitAddPage = observer(function BenefitAddPage({ siteId, mode }: { siteId: number; mode: 1 | 2 }) {
  const goBack = useGoBack();
  const store = useScreenStore(addPartyStore, siteId, mode);
  useLoadOrLeave(store);
  if (!store.ctx.working || !store.ctx.site.data) {
    return <LoadGate failed={store.ctx.failed} onRetry={() => void store.load()} />;
  }
  const { ctx } = store;

  const submit = async () => {
    const added = await saveShareChange({
      ctx,
      validate: () => store.validate(),
      confirm: { title: '添加分成方', text: (day) => `添加后将于${day}生效`, ok: '确定添加' },
      save: () => store.submit(),
      verb: '添加成功',
    });
    if (added) goBack(href('siteData', { siteId: ctx.siteId }));
  };

  return (
    <main className={shared.page} data-testid="benefit-add">
      {!ctx.canEdit && <p className={shared.warning}>{ctx.inReview ? SHARE_MESSAGES.inReview : '无操作权限'}</p>}
      <Section title="分成方类型">
        <div className={styles.segment}>
          <Segmented
            block
            label="分成方类型"
            value={String(store.partyType) as '2' | '3' | '4'}
            onChange={(key) => {
              if (key === '2' && store.propertyDisabled) toast(store.propertyDisabled);
              else store.setType(Number(key) as 2 | 3 | 4);
            }}
            options={TYPES}
          />
        </div>
        <Candidate store={store} />
      </Section>
      <Section title={store.mode === 2 ? '分成比例（全部收入）' : '分成比例'}>
        <Rates store={store} />
      </Section>
      {store.notice && (
        <p className={shared.warning} role="alert" data-testid="add-notice">
          {store.notice}
        </p>
      )}
      <Section title="备注">
        <List>
          <List.Item>
            <Input
              name="remark"
              maxLength={20}
              placeholder="选填，最多20个字"
              value={store.remark}
              onChange={(v) => store.setRemark(v)}
            />
          </List.Item>
        </List>
      </Section>
      <div className={shared.actions} data-testid="settings-actions">
        <Button
          block
          color="primary"
          disabled={!ctx.canEdit || !store.canSubmit || ctx.saving}
          loading={ctx.saving}
          onClick={() => void submit()}
        >
          确定添加
        </Button>
      </div>
    </main>
  );
});

/** 添加分成方 for the route's site; mode=1 per income type (分成设置), otherwise one rate (综合分成). */
export default function BenefitAddScreen() {
  const query = useSiteQuery('siteBenefitAdd');
  return query && <BenefitAddPage siteId={query.siteId} mode={query.mode === 1 ? 1 : 2} />;
}
