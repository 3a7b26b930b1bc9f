import { DatePicker, Input, Popup, Radio, Selector, Skeleton, Switch, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import type { MonthTemplate } from '@/api/card';
import { MONTH_DAYS } from '@/api/card-rules';
import { confirm, toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { formatFen } from '@/lib/money';
import { dayOf } from '@/lib/time';
import { BottomBar, Field, useLeaveToHub, useUnsavedGuard } from '@/sections/mine/card-parts';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { rechargeSettingsStore, type MonthForm, type RechargeSettingsStore } from '@/stores/screens/mine/card-settings';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/rechargeSet/info — 充值设置详情 (C-mine.md card/rechargeSet/info; Business rule 10): 1 储值卡充值套餐 (up to
 * six tiers, 允许自定义金额 + 最低充值), 2 储值卡计费 (按站点收费规则 / 按次扣费, 允许用户线上充值), 3 月卡套餐 (cards with
 * 启用 switch and 编辑; 新增月卡套餐), 4 智能赠送 (when eligible: status, recommended tiers, the last 30 days against the
 * 30 before, 开启智能赠送 from a day ≥ tomorrow). 保存 saves sections 1–2 ("保存成功，新设置对之后的充值生效"); leaving with
 * unsaved changes asks first. Changing needs card:edit.
 */

const MonthSheet = observer(function MonthSheet({
  store,
  template,
  onClose,
}: {
  store: RechargeSettingsStore;
  template: MonthTemplate | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState<MonthForm>(() => store.monthForm(template));
  const set = <K extends keyof MonthForm>(key: K, value: MonthForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = async () => {
    const result = await store.saveMonth(form);
    if (typeof result === 'object') toast(result.error);
    else if (result === 'done') {
      toast('保存成功');
      onClose();
    }
  };
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose}>
      <div className={styles.sheet} data-testid="month-sheet">
        <h3>{template ? '编辑月卡套餐' : '新增月卡套餐'}</h3>
        <Field label="套餐名称" required>
          <Input
            name="monthName"
            aria-label="套餐名称"
            maxLength={10}
            placeholder="2-10个字"
            value={form.name}
            onChange={(v) => set('name', v)}
          />
        </Field>
        <Field label="天数" required>
          <Selector
            columns={4}
            options={MONTH_DAYS.map((d) => ({ label: `${d}天`, value: d }))}
            value={[form.days]}
            onChange={(v) => v[0] !== undefined && set('days', v[0])}
          />
        </Field>
        <Field label="价格(元)" required>
          <Input
            name="monthPrice"
            aria-label="价格（元）"
            inputMode="decimal"
            value={form.price}
            onChange={(v) => set('price', v)}
          />
        </Field>
        <Field label="每日次数" required>
          <Input
            name="monthTimes"
            aria-label="每日次数"
            inputMode="numeric"
            value={form.dailyTimesLimit}
            onChange={(v) => set('dailyTimesLimit', v)}
          />
        </Field>
        <Field label="单次(小时)" required>
          <Input
            name="monthHours"
            aria-label="单次（小时）"
            inputMode="numeric"
            value={form.hours}
            onChange={(v) => set('hours', v)}
          />
        </Field>
        <Field label="功率上限(W)" required>
          <Input
            name="monthPower"
            aria-label="功率上限（W）"
            inputMode="numeric"
            value={form.maxPowerW}
            onChange={(v) => set('maxPowerW', v)}
          />
        </Field>
        <Field label="启用">
          <Switch
            checked={form.enabled === 1}
            onChange={(on) => set('enabled', on ? 1 : 0)}
            aria-label="启用此月卡套餐"
          />
        </Field>
        <div className={styles.sheetFoot}>
          <Button onClick={onClose}>取消</Button>
          <Button
            color="primary"
            loading={store.actions.busy('month')}
            disabled={store.actions.busy('month')}
            onClick={() => void save()}
          >
            保存
          </Button>
        </div>
      </div>
    </Popup>
  );
});

const Settings = observer(function Settings({ siteId }: { siteId: number }) {
  const store = useScreenStore(rechargeSettingsStore, siteId);
  const { session } = useStores();
  const canEdit = session.can('card:edit');
  const [sheet, setSheet] = useState<{ template: MonthTemplate | null } | null>(null);
  const [aiPicking, setAiPicking] = useState(false);
  useEffect(() => {
    void store.load();
  }, [store]);
  useUnsavedGuard(store.dirty);
  if (store.template.pending || store.simple.pending) {
    return (
      <main className={styles.page}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </main>
    );
  }
  const save = async () => {
    const result = await store.save();
    if (typeof result === 'object') toast(result.error);
    else if (result === 'done') toast('保存成功，新设置对之后的充值生效');
  };
  const toggle = async (t: MonthTemplate, on: boolean) => {
    if (!on && !(await confirm('停用套餐', '停用后用户无法购买该套餐，已售月卡不受影响'))) return;
    if (await store.setEnabled(t, on ? 1 : 0)) toast('保存成功');
  };
  const openAi = async (day: string) => {
    if (!(await confirm('开启智能赠送', `开启后系统将按推荐金额自动设置赠送档位，自 ${day} 生效`))) return;
    const result = await store.openAi(day);
    if (typeof result === 'object') toast(result.error);
    else if (result === 'done') toast('已开启');
  };
  const ai = store.ai.data;
  const stats = store.stats.data;
  const eligible = store.eligible.data;
  return (
    <main className={styles.page}>
      <section className={styles.card} data-testid="tiers-section">
        <h2>储值卡充值套餐</h2>
        {store.tiers.map((t, i) => (
          <div key={i} className={styles.tierRow}>
            <span>充值 ¥</span>
            <Input
              name={`tierPay${i}`}
              aria-label={`第${i + 1}档 充值金额（元）`}
              inputMode="decimal"
              value={t.pay}
              disabled={!canEdit}
              onChange={(v) => store.setTier(i, 'pay', v)}
            />
            <span>赠送 ¥</span>
            <Input
              name={`tierGive${i}`}
              aria-label={`第${i + 1}档 赠送金额（元）`}
              inputMode="decimal"
              value={t.give}
              disabled={!canEdit}
              onChange={(v) => store.setTier(i, 'give', v)}
            />
            {canEdit && (
              <Button size="mini" fill="none" color="danger" onClick={() => store.removeTier(i)}>
                删除
              </Button>
            )}
          </div>
        ))}
        {canEdit && store.tiers.length < 6 && (
          <Button size="small" fill="outline" onClick={() => store.addTier()}>
            添加档位
          </Button>
        )}
        <Field label="允许自定义金额">
          <Switch
            checked={store.customAmount === 1}
            disabled={!canEdit}
            onChange={(on) => store.set('customAmount', on ? 1 : 0)}
            aria-label="允许自定义金额"
          />
        </Field>
        {store.customAmount === 1 && (
          <Field label="最低充值 ¥">
            <Input
              name="minAmount"
              aria-label="最低充值（元）"
              inputMode="decimal"
              value={store.minAmount}
              disabled={!canEdit}
              onChange={(v) => store.set('minAmount', v)}
            />
          </Field>
        )}
      </section>
      <section className={styles.card}>
        <h2>储值卡计费</h2>
        <Radio.Group value={store.chargeMode} onChange={(v) => store.set('chargeMode', v as 1 | 2)}>
          <div className={styles.chips}>
            <Radio value={1} disabled={!canEdit}>
              按站点收费规则
            </Radio>
            <Radio value={2} disabled={!canEdit}>
              按次扣费
            </Radio>
          </div>
        </Radio.Group>
        {store.chargeMode === 2 && (
          <>
            <Field label="每次扣费 ¥">
              <Input
                name="perSwipeAmount"
                aria-label="每次扣费（元）"
                inputMode="decimal"
                value={store.perSwipeAmount}
                disabled={!canEdit}
                onChange={(v) => store.set('perSwipeAmount', v)}
              />
            </Field>
            <Field label="每次最长(小时)">
              <Input
                name="perSwipeHours"
                aria-label="每次最长（小时）"
                inputMode="numeric"
                value={store.perSwipeHours}
                disabled={!canEdit}
                onChange={(v) => store.set('perSwipeHours', v)}
              />
            </Field>
          </>
        )}
        <Field label="允许用户线上充值">
          <Switch
            checked={store.onlineRecharge === 1}
            disabled={!canEdit}
            onChange={(on) => store.set('onlineRecharge', on ? 1 : 0)}
            aria-label="允许用户线上充值"
          />
        </Field>
      </section>
      <section className={styles.card} data-testid="month-section">
        <h2>月卡套餐</h2>
        {(store.months.data ?? []).map((t) => (
          <div key={t.templateId} className={styles.item} style={{ border: '1px solid #f2f3f5' }}>
            <div className={styles.itemHead}>
              <b>{t.name}</b>
              <Switch
                checked={t.enabled === 1}
                disabled={!canEdit}
                onChange={(on) => void toggle(t, on)}
                aria-label={`启用月卡套餐 ${t.name}`}
              />
            </div>
            <div className={styles.itemLine}>
              <span>
                {t.days}天 · {formatFen(t.price)} · 每日{t.dailyTimesLimit}次 · 单次{t.maxMinutesPerCharge / 60}小时 ·
                功率≤
                {t.maxPowerW}W
              </span>
              {canEdit && (
                <Button size="mini" fill="none" color="primary" onClick={() => setSheet({ template: t })}>
                  编辑
                </Button>
              )}
            </div>
          </div>
        ))}
        {(store.months.data ?? []).length === 0 && <p className={styles.muted}>暂无月卡套餐</p>}
        {canEdit && (
          <Button size="small" fill="outline" color="primary" onClick={() => setSheet({ template: null })}>
            新增月卡套餐
          </Button>
        )}
      </section>
      {eligible && !eligible.eligible && eligible.reason && <p className={styles.muted}>智能赠送：{eligible.reason}</p>}
      {eligible?.eligible && ai && (
        <section className={styles.card} data-testid="ai-section">
          <h2>
            智能赠送{' '}
            <Tag color={ai.status === 2 ? 'success' : ai.status === 1 ? 'warning' : 'default'}>
              {ai.status === 2 ? '生效中' : ai.status === 1 ? `待生效（${ai.startDate ?? ''}起）` : '未开启'}
            </Tag>
          </h2>
          <p className={styles.muted}>
            推荐档位：
            {ai.recommendTiers.map((t) => `充${formatFen(t.payAmount)}送${formatFen(t.giveAmount)}`).join(' / ') ||
              '--'}
          </p>
          {stats && (
            <p className={styles.muted}>
              近30天 充值 {stats.rechargeCount} 笔 · {formatFen(stats.rechargeAmount)} · 赠送{' '}
              {formatFen(stats.giveAmount)} · 较上期 {stats.changeRate >= 0 ? '+' : ''}
              {stats.changeRate}%
            </p>
          )}
          {ai.status === 0 && canEdit && (
            <>
              <Button size="small" color="primary" onClick={() => setAiPicking(true)}>
                开启智能赠送
              </Button>
              <DatePicker
                visible={aiPicking}
                min={new Date(`${store.aiEarliest}T00:00:00+08:00`)}
                onClose={() => setAiPicking(false)}
                onConfirm={(d) => void openAi(dayOf(d.getTime()))}
              />
            </>
          )}
        </section>
      )}
      {canEdit && (
        <BottomBar>
          <Button
            color="primary"
            disabled={!store.dirty || store.actions.busy('save')}
            loading={store.actions.busy('save')}
            onClick={() => void save()}
          >
            保存
          </Button>
        </BottomBar>
      )}
      {sheet && <MonthSheet store={store} template={sheet.template} onClose={() => setSheet(null)} />}
    </main>
  );
});

export default function RechargeSetInfo() {
  const query = useRouteQuery('rechargeSetInfo');
  useLeaveToHub(query === null);
  if (!query) return null;
  return <Settings key={query.siteId} siteId={query.siteId} />;
}
