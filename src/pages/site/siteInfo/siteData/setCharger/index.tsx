import { Button } from '@/components/button';
import { fenToYuan } from '@/lib/money';
import { Input, List, Popup, Radio, Space, Switch } from 'antd-mobile';
import { CloseOutline, DeleteOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { Fragment, useState } from 'react';
import { confirm, toast } from '@/components/feedback';
import { href } from '@/config/routes';
import { useScreenStore } from '@/stores/screen-store';
import {
  chargeSettingsStore,
  tierRangeLabels,
  type ChargeSettingsStore,
} from '@/stores/screens/site/site-settings-charge';
import { useGoBack } from '@/sections/site/navigation';
import { InputRow, LoadGate, Section, useLeaveGuard, useLoadOrLeave, useSiteQuery } from '@/sections/site/settings-ui';
import shared from '@/sections/site/settings.module.css';
import styles from './set-charger.module.css';

/**
 * /site/siteInfo/siteData/setCharger — 收费设置 (B-site.md §4): what riders pay at the site — the billing mode (modes the
 * boxes do not support are disabled), power tiers or energy/service prices, prepay amounts, 充满自停, free minutes,
 * the longest charge, minutes per coin (when a box has a coin slot), the sites with the same rule, copying another
 * site's rule, and 保存 (new orders use the new rule).
 */

const MODES = [
  { value: 1 as const, label: '按功率分档计时' },
  { value: 2 as const, label: '按电量计费' },
];

const Tiers = observer(function Tiers({ store }: { store: ChargeSettingsStore }) {
  const form = store.form;
  if (!form) return null;
  const labels = tierRangeLabels(form.tiers);
  const editable = store.editable;
  return (
    <>
      <table className={styles.tierTable} data-testid="tier-table">
        <thead>
          <tr>
            <th>功率区间</th>
            <th>上限(W)</th>
            <th>单价(元/小时)</th>
            {editable && <th />}
          </tr>
        </thead>
        <tbody>
          {form.tiers.map((t, i) => (
            <tr key={t.key}>
              <td>{labels[i]}</td>
              <td>
                <Input
                  name={`tier-power-${i}`}
                  aria-label={`${labels[i]} 上限（W）`}
                  inputMode="numeric"
                  value={t.maxPower}
                  disabled={!editable}
                  onChange={(v) => store.updateTier(t.key, { maxPower: v })}
                />
              </td>
              <td>
                <Input
                  name={`tier-price-${i}`}
                  aria-label={`${labels[i]} 单价（元/小时）`}
                  inputMode="decimal"
                  value={t.price}
                  disabled={!editable}
                  onChange={(v) => store.updateTier(t.key, { price: v })}
                />
              </td>
              {editable && (
                <td>
                  {form.tiers.length > 1 && (
                    <Button
                      size="mini"
                      fill="none"
                      aria-label="删除档位"
                      className={shared.partyDelete}
                      onClick={() => store.removeTier(t.key)}
                    >
                      <DeleteOutline />
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {editable && (
        <Button
          size="small"
          fill="outline"
          color="primary"
          disabled={!store.canAddTier}
          onClick={() => store.addTier()}
        >
          添加档位
        </Button>
      )}
      <p className={shared.tip} data-testid="tier-example">
        {store.example === null
          ? `最高档位需覆盖至${store.maxPower}W`
          : // A tier's part (200-400W 2.5小时) never breaks across lines, the line breaks between parts.
            store.example.split(' / ').map((part, i) => (
              <Fragment key={i}>
                {i > 0 && ' / '}
                <span className="nowrap">{part}</span>
              </Fragment>
            ))}
      </p>
    </>
  );
});

const Prepay = observer(function Prepay({ store }: { store: ChargeSettingsStore }) {
  const [text, setText] = useState('');
  const form = store.form;
  if (!form) return null;
  const add = () => {
    const message = store.addPrepay(text);
    if (message) toast(message);
    else setText('');
  };
  return (
    <>
      <div className={styles.prepayChips} data-testid="prepay-chips">
        {form.prepayOptions.map((fen) => (
          <span key={fen} className={styles.prepayChip}>
            ¥{fenToYuan(fen)}
            {store.editable && (
              <Button
                size="mini"
                fill="none"
                aria-label={`删除¥${fenToYuan(fen)}`}
                className={styles.prepayDelete}
                onClick={() => store.removePrepay(fen)}
              >
                <CloseOutline />
              </Button>
            )}
          </span>
        ))}
        {form.prepayOptions.length === 0 && <span className={shared.tip}>请至少设置1个预付金额</span>}
      </div>
      {store.editable && (
        <div className={styles.prepayAdd} data-testid="prepay-add">
          <Input
            name="prepay"
            aria-label="预付金额（元）"
            inputMode="decimal"
            placeholder="金额（元）"
            value={text}
            onChange={setText}
          />
          <Button size="small" color="primary" fill="outline" onClick={add}>
            添加
          </Button>
        </div>
      )}
    </>
  );
});

const SameSites = observer(function SameSites({ store }: { store: ChargeSettingsStore }) {
  const rows = store.sameSites.data;
  return (
    <Section title="同规则站点">
      {store.sameSites.pending ? (
        <p className={shared.tip}>加载中...</p>
      ) : !rows ? (
        <p className={shared.tip}>--</p>
      ) : rows.length === 0 ? (
        <p className={shared.tip}>暂无与本站收费规则相同的站点</p>
      ) : (
        <>
          <p className={shared.tip} data-testid="same-sites">
            以下{rows.length}个站点与本站收费规则相同（区域卡可通用）
          </p>
          <List>
            {rows.map((r) => (
              <List.Item key={r.siteId} extra={`${r.boxCount}台设备`}>
                {r.siteName}
              </List.Item>
            ))}
          </List>
          <p className={shared.tip}>修改收费规则后，本站点将移出该组</p>
        </>
      )}
    </Section>
  );
});

/** 引用其他站点规则: a sheet of the caller's other sites; a tap copies that site's rule into the form. */
const CopyRule = observer(function CopyRule({ store }: { store: ChargeSettingsStore }) {
  const [open, setOpen] = useState(false);
  const show = () => {
    setOpen(true);
    void store.otherSites.load();
  };
  const pick = async (siteId: number, name: string) => {
    setOpen(false);
    if (await store.copyFrom(siteId)) toast(`已引用「${name}」的收费规则，保存后生效`);
  };
  return (
    <>
      <button type="button" className={shared.linkButton} onClick={show}>
        引用其他站点规则
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName={styles.sitePicker}
      >
        <h3>选择站点</h3>
        {store.otherSites.pending ? (
          <p className={shared.tip}>加载中...</p>
        ) : (store.otherSites.data ?? []).length === 0 ? (
          <p className={shared.tip}>暂无其他站点</p>
        ) : (
          <List>
            {(store.otherSites.data ?? []).map((s) => (
              <List.Item key={s.id} onClick={() => void pick(s.id, s.name)}>
                {s.name}
              </List.Item>
            ))}
          </List>
        )}
      </Popup>
    </>
  );
});

const ChargeForm = observer(function ChargeForm({ store }: { store: ChargeSettingsStore }) {
  const form = store.form;
  const caps = store.mode.data;
  if (!form) return null;
  const editable = store.editable;
  return (
    <>
      <Section title="计费方式" extra={editable ? <CopyRule store={store} /> : undefined}>
        <List>
          <List.Item>
            <Radio.Group value={form.billingMode} onChange={(v) => store.update({ billingMode: v as 1 | 2 })}>
              <Space direction="vertical" block>
                {MODES.map((m) => {
                  const supported = store.supportModes.includes(m.value);
                  return (
                    <Radio key={m.value} value={m.value} disabled={!editable || !supported}>
                      {m.label}
                      {!supported && <span className={styles.costHint}>本站点设备不支持</span>}
                    </Radio>
                  );
                })}
              </Space>
            </Radio.Group>
          </List.Item>
        </List>
        {form.billingMode === 1 ? (
          <Tiers store={store} />
        ) : (
          <List>
            <InputRow
              label="电费"
              name="energyPrice"
              unit="元/度"
              hint="¥0.01-5.00"
              value={form.energyPrice}
              disabled={!editable}
              onChange={(energyPrice) => store.update({ energyPrice })}
            />
            <InputRow
              label="服务费"
              name="servicePrice"
              unit="元/度"
              hint="¥0-5.00"
              value={form.servicePrice}
              disabled={!editable}
              onChange={(servicePrice) => store.update({ servicePrice })}
            />
          </List>
        )}
      </Section>
      <Section title="预付金额">
        <Prepay store={store} />
      </Section>
      <Section title="充电设置">
        <List>
          <List.Item
            description={caps?.supportFullStop === false ? '本站点设备不支持' : '充满后自动停止并退还未用金额'}
            extra={
              <Switch
                checked={form.fullStop === 1}
                disabled={!editable || caps?.supportFullStop === false}
                onChange={(on) => store.update({ fullStop: on ? 1 : 0 })}
                aria-label="充满自停"
              />
            }
          >
            充满自停
          </List.Item>
          <InputRow
            label="免费时长"
            name="freeMinutes"
            unit="分钟"
            hint="0-30分钟内结束全额退款"
            inputMode="numeric"
            value={form.freeMinutes}
            disabled={!editable}
            onChange={(freeMinutes) => store.update({ freeMinutes })}
          />
          <InputRow
            label="单次最长"
            name="maxHours"
            unit="小时"
            hint="1-24小时"
            inputMode="numeric"
            value={form.maxHours}
            disabled={!editable}
            onChange={(maxHours) => store.update({ maxHours })}
          />
          {caps?.supportCoin !== false && (
            <InputRow
              label="投币 1元 ="
              name="coinMinutes"
              unit="分钟"
              hint="0 = 关闭投币；30-720分钟"
              inputMode="numeric"
              value={form.coinMinutes}
              disabled={!editable}
              onChange={(coinMinutes) => store.update({ coinMinutes })}
            />
          )}
        </List>
      </Section>
    </>
  );
});

const SetChargerPage = observer(function SetChargerPage({ siteId }: { siteId: number }) {
  const goBack = useGoBack();
  const store = useScreenStore(chargeSettingsStore, siteId);
  useLoadOrLeave(store);
  useLeaveGuard(() => store.dirty);
  if (!store.form || !store.mode.data || store.failed) {
    return <LoadGate failed={store.failed} onRetry={() => void store.load()} />;
  }

  const save = async () => {
    const rule = store.rule;
    if (typeof rule === 'string') {
      toast(rule);
      return;
    }
    if (!store.changed) {
      toast('收费规则未修改');
      return;
    }
    if (
      (await store.needsCardConfirm()) &&
      !(await confirm('保存收费设置', '本站点已绑定卡片，修改收费后卡片充电按新规则扣费，确定保存？', '保存'))
    ) {
      return;
    }
    const result = await store.save();
    if (typeof result === 'string') toast(result);
    else if (result) {
      toast('保存成功，新订单按新规则计费');
      goBack(href('siteData', { siteId: store.siteId }));
    }
  };

  return (
    <main className={shared.page} data-testid="set-charger">
      <ChargeForm store={store} />
      <SameSites store={store} />
      {store.editable && (
        <div className={shared.actions} data-testid="settings-actions">
          <Button block color="primary" loading={store.saving} disabled={store.saving} onClick={() => void save()}>
            保存
          </Button>
        </div>
      )}
    </main>
  );
});

/** 收费设置 of the route's site (a missing siteId goes back to /site). */
export default function SetChargerScreen() {
  const query = useSiteQuery('siteSetCharger');
  return query && <SetChargerPage siteId={query.siteId} />;
}
