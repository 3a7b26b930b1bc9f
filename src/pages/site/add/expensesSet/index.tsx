import { Button, Input, List, Radio, Space } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { toast } from '../../../../components/feedback';
import { Money } from '../../../../components/money';
import { yuanToFen } from '../../../../lib/money';
import { formatBp } from '../../../../lib/rate';
import { useStores } from '../../../../stores/root';
import {
  costExample,
  costsFromForm,
  ELECTRIC_BEARERS,
  FEE_BEARERS,
  priceText,
  showsElectricPrice,
} from '../../../../stores/site-add';
import { useGoBack } from '../navigation';
import '../add.css';

/**
 * /site/add/expensesSet — 费用承担设置 (B-site.md §1): who pays electricity (and at what price per 度), the payment fee
 * (线上支付 0.6 %) and the platform service fee, before the site exists. A pure client page: 确定 validates and writes
 * the cost fields into the site draft's share rule and goes back; going back without 确定 discards the changes. The
 * example card splits ¥100.00 of income using 20 度 with the draft's property rate (Business rules B.8). Opened
 * without a draft (deep link), it works on a draft with the defaults.
 */
const ExpensesSetPage = observer(function ExpensesSetPage() {
  const { siteDraft, session } = useStores();
  const goBack = useGoBack();
  const draft = siteDraft.draft;
  const rule = draft.siteShareRule;
  const hasProperty = draft.merchantId !== null;
  const settleMode = session.extendPermission?.settleMode ?? 0;
  const [electricBearer, setElectricBearer] = useState<1 | 2 | 3>(hasProperty ? rule.electricBearer : 1);
  const [priceInput, setPriceInput] = useState(priceText(rule.electricPrice));
  const [channelFeeBearer, setChannelFeeBearer] = useState<1 | 3>(rule.channelFeeBearer);
  const [platformFeeBearer, setPlatformFeeBearer] = useState<1 | 3>(rule.platformFeeBearer);
  const showPrice = showsElectricPrice(electricBearer, hasProperty);
  const propertyRate = siteDraft.propertyRate ?? 0;
  const example = costExample(
    { electricBearer, electricPrice: yuanToFen(priceInput) ?? 0, channelFeeBearer, platformFeeBearer },
    propertyRate,
    hasProperty,
  );

  const save = () => {
    const result = costsFromForm({ electricBearer, priceInput, channelFeeBearer, platformFeeBearer }, hasProperty);
    if ('failure' in result) {
      toast(result.failure);
      return;
    }
    siteDraft.setCosts(result.costs);
    goBack('/site/add');
  };

  return (
    <main className="expenses">
      <List header="电费承担" mode="card">
        <List.Item>
          <Radio.Group value={electricBearer} onChange={(v) => setElectricBearer(v as 1 | 2 | 3)}>
            <Space direction="vertical" block data-testid="electric-bearer">
              {ELECTRIC_BEARERS.map((b) => (
                <div key={b.value} className="expenses__option">
                  <Radio value={b.value} disabled={!hasProperty && b.value !== 1}>
                    {b.label}
                  </Radio>
                  <span className="expenses__hint">{b.hint}</span>
                </div>
              ))}
            </Space>
          </Radio.Group>
        </List.Item>
        {showPrice && (
          <List.Item title="电费单价" extra="元/度">
            <Input
              name="electricPrice"
              placeholder="0.01-2.00"
              inputMode="decimal"
              maxLength={4}
              value={priceInput}
              onChange={setPriceInput}
            />
          </List.Item>
        )}
      </List>
      {!hasProperty && <p className="expenses__note">未关联物业，电费由运营商自行缴纳，不参与结算</p>}
      <List header="支付手续费（线上支付 0.6%）" mode="card">
        <List.Item>
          <Radio.Group value={channelFeeBearer} onChange={(v) => setChannelFeeBearer(v as 1 | 3)}>
            <Space data-testid="channel-fee">
              {FEE_BEARERS.map((b) => (
                <Radio key={b.value} value={b.value}>
                  {b.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </List.Item>
      </List>
      <List header="平台服务费" mode="card">
        <List.Item description={settleMode !== 2 ? '余额扣款模式无平台分账，此项不产生费用' : undefined}>
          <Radio.Group value={platformFeeBearer} onChange={(v) => setPlatformFeeBearer(v as 1 | 3)}>
            <Space data-testid="platform-fee">
              {FEE_BEARERS.map((b) => (
                <Radio key={b.value} value={b.value}>
                  {b.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </List.Item>
      </List>
      <section className="expenses__example" data-testid="expenses-example">
        以单日收入 ¥100.00、用电 20 度为例
        {hasProperty ? `（物业分成 ${formatBp(propertyRate)}）` : ''}：物业{' '}
        <b>
          <Money fen={example.property} />
        </b>
        ，运营商{' '}
        <b>
          <Money fen={example.operator} />
        </b>
        <br />
        支付手续费 <Money fen={example.channelFee} />
        {example.electricCost > 0 && (
          <>
            ，电费 <Money fen={example.electricCost} />
          </>
        )}
        {settleMode === 2 && '；平台服务费按结算中心的分账比例另计'}
      </section>
      <div className="expenses__submit">
        <Button block color="primary" size="large" onClick={save}>
          确定
        </Button>
      </div>
    </main>
  );
});

export default ExpensesSetPage;
