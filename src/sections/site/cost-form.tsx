import { Input, List, Radio, Space } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { ELECTRIC_BEARER_NAMES, FEE_BEARER_NAMES } from '@/api/site-settings-rules';
import { Money } from '@/components/money';
import type { CostExample, CostFormStore } from '@/stores/screens/site/site-settings-cost';
import styles from './cost-form.module.css';

/**
 * The cost-bearing form of B-site.md §1 /site/add/expensesSet, which §4 expensesSet's 修改 reuses ("the same form"):
 * who bears the electricity (each choice with its one-line explanation; only 运营商承担 without a property) and its
 * price per 度 where it applies, the payment fee (线上支付 0.6 %) and the platform service fee; and the example card.
 * The pages own the buttons (确定 writes the draft; 保存 changes the site from tomorrow).
 */

const ELECTRIC_HINTS: Readonly<Record<1 | 2 | 3, string>> = {
  1: '运营商按用电量向物业支付电费',
  2: '物业提供电源，电费由物业自行承担',
  3: '电费从站点收入中先行扣除支付给物业，剩余收入再分成',
};
const ELECTRIC_CHOICES = [1, 2, 3] as const;
const FEE_CHOICES = [1, 3] as const;

/** One fee's radio pair 运营商承担 / 按分成比例分摊. */
function FeeBearer({
  header,
  testId,
  value,
  note,
  onChange,
}: {
  header: string;
  testId: string;
  value: 1 | 3;
  note?: string;
  onChange: (value: 1 | 3) => void;
}) {
  return (
    <List header={header} mode="card">
      <List.Item description={note}>
        <Radio.Group value={value} onChange={(v) => onChange(v as 1 | 3)}>
          <Space wrap data-testid={testId}>
            {FEE_CHOICES.map((v) => (
              <Radio key={v} value={v}>
                {FEE_BEARER_NAMES[v]}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </List.Item>
    </List>
  );
}

/**
 * The form's fields, bound to a CostFormStore.
 * @param splitMode the account splits a platform fee from orders (settleMode 2); otherwise the fee is explained away
 */
export const CostBearingForm = observer(function CostBearingForm({
  form,
  splitMode,
}: {
  form: CostFormStore;
  splitMode: boolean;
}) {
  const { values, hasProperty } = form;
  return (
    <div>
      <List header="电费承担" mode="card">
        <List.Item>
          <Radio.Group value={values.electricBearer} onChange={(v) => form.set({ electricBearer: v as 1 | 2 | 3 })}>
            <Space direction="vertical" block data-testid="electric-bearer">
              {ELECTRIC_CHOICES.map((v) => (
                <div key={v} className={styles.option}>
                  <Radio value={v} disabled={v !== 1 && !hasProperty}>
                    {ELECTRIC_BEARER_NAMES[v]}
                  </Radio>
                  <span className={styles.hint}>{ELECTRIC_HINTS[v]}</span>
                </div>
              ))}
            </Space>
          </Radio.Group>
        </List.Item>
        {form.priceShown && (
          <List.Item title="电费单价" extra="元/度">
            <Input
              name="electricPrice"
              placeholder="0.01-2.00"
              inputMode="decimal"
              maxLength={4}
              value={values.electricPrice}
              onChange={(electricPrice) => form.set({ electricPrice })}
            />
          </List.Item>
        )}
      </List>
      {!hasProperty && <p className={styles.note}>未关联物业，电费由运营商自行缴纳，不参与结算</p>}
      <FeeBearer
        header="支付手续费（线上支付 0.6%）"
        testId="channel-fee"
        value={values.channelFeeBearer}
        onChange={(channelFeeBearer) => form.set({ channelFeeBearer })}
      />
      <FeeBearer
        header="平台服务费"
        testId="platform-fee"
        value={values.platformFeeBearer}
        note={splitMode ? undefined : '余额扣款模式无平台分账，此项不产生费用'}
        onChange={(platformFeeBearer) => form.set({ platformFeeBearer })}
      />
    </div>
  );
});

/**
 * The example card (B §1 expensesSet "Live example"): "以单日收入 ¥100.00、用电 20 度为例：物业 ¥x，运营商 ¥y", then the
 * payment fee and the electricity; `--` while the form's price is not an amount.
 * @param prefix names the rule when a page shows more than one (变更后)
 */
export function CostExampleCard({
  example,
  splitMode,
  prefix,
}: {
  example: CostExample | null;
  splitMode: boolean;
  prefix?: string;
}) {
  return (
    <section className={styles.example} data-testid="expenses-example">
      {prefix ? `${prefix}：` : ''}以单日收入 ¥100.00、用电 20 度为例：
      {example
        ? example.rows.map((row, i) => (
            <span key={i}>
              {i > 0 ? '，' : ''}
              <span className="nowrap">
                {`${row.label} `}
                <b>
                  <Money fen={row.fen} />
                </b>
              </span>
            </span>
          ))
        : '--'}
      {example && (
        <>
          <br />
          支付手续费 <Money fen={example.channelFee} />
          {example.electricCost > 0 && (
            <>
              ，电费 <Money fen={example.electricCost} />
            </>
          )}
          {splitMode && '；平台服务费按结算中心的分账比例另计'}
        </>
      )}
    </section>
  );
}
