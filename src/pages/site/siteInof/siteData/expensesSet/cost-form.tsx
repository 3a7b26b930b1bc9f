import { Input, List, Radio, Space } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { formatFen } from '../../../../../lib/money';
import type { CostForm, CostSettingsStore } from '../../../../../stores/site-settings-share';

/**
 * The cost-bearing form (B-site.md §1 /site/add/expensesSet, reused by §4 expensesSet 修改): who bears electricity (with
 * its price per kWh where it applies), the payment fee and the platform fee, with the one-line explanations and the
 * live example.
 */

const ELECTRIC_OPTIONS: readonly { value: CostForm['electricBearer']; label: string; hint: string }[] = [
  { value: 1, label: '运营商承担', hint: '运营商按用电量向物业支付电费' },
  { value: 2, label: '物业承担', hint: '物业提供电源，电费由物业自行承担' },
  { value: 3, label: '按分成比例分摊', hint: '电费从站点收入中先行扣除支付给物业，剩余收入再分成' },
];

const FEE_OPTIONS: readonly { value: 1 | 3; label: string }[] = [
  { value: 1, label: '运营商承担' },
  { value: 3, label: '按分成比例分摊' },
];

/** "以单日收入 ¥100.00、用电 20 度为例：物业 ¥x，运营商 ¥y". */
export function ExampleLine({ rows, prefix = '' }: { rows: { label: string; fen: number }[] | null; prefix?: string }) {
  return (
    <p className="cost-example" data-testid="cost-example">
      {prefix && `${prefix}：`}以单日收入 ¥100.00、用电 20 度为例：
      {rows ? rows.map((r) => `${r.label} ${formatFen(r.fen)}`).join('，') : '--'}
    </p>
  );
}

export const CostFormView = observer(function CostFormView({ store }: { store: CostSettingsStore }) {
  const { form } = store;
  const hasProperty = store.ctx.hasProperty;
  return (
    <div className="cost-form">
      <List header="电费承担">
        <List.Item>
          <Radio.Group
            value={form.electricBearer}
            onChange={(v) => store.setForm({ electricBearer: v as CostForm['electricBearer'] })}
          >
            <Space direction="vertical" block>
              {ELECTRIC_OPTIONS.map((o) => (
                <Radio key={o.value} value={o.value} disabled={o.value !== 1 && !hasProperty}>
                  <span className="cost-option">{o.label}</span>
                  <span className="cost-hint">{o.hint}</span>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          {!hasProperty && <p className="cost-note">未关联物业，电费由运营商自行缴纳，不参与结算</p>}
        </List.Item>
        {store.priceShown && (
          <List.Item extra="元/度" description="¥0.01-2.00" prefix={<span className="cost-label">电费单价</span>}>
            <Input
              name="electricPrice"
              type="text"
              inputMode="decimal"
              placeholder="如 0.60"
              value={form.electricPrice}
              onChange={(v) => store.setForm({ electricPrice: v })}
            />
          </List.Item>
        )}
      </List>
      <List header="支付手续费（线上支付 0.6%）">
        <List.Item>
          <Radio.Group value={form.channelFeeBearer} onChange={(v) => store.setForm({ channelFeeBearer: v as 1 | 3 })}>
            <Space wrap>
              {FEE_OPTIONS.map((o) => (
                <Radio key={o.value} value={o.value}>
                  {o.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </List.Item>
      </List>
      <List header="平台服务费">
        <List.Item description={store.ctx.splitMode ? undefined : '余额扣款模式无平台分账，此项不产生费用'}>
          <Radio.Group
            value={form.platformFeeBearer}
            onChange={(v) => store.setForm({ platformFeeBearer: v as 1 | 3 })}
          >
            <Space wrap>
              {FEE_OPTIONS.map((o) => (
                <Radio key={o.value} value={o.value}>
                  {o.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </List.Item>
      </List>
      <ExampleLine rows={store.formExample} />
    </div>
  );
});
