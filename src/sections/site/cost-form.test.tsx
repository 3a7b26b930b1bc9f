import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteShareRule } from '@/api/site';
import { CostFormStore } from '@/stores/screens/site/site-settings-cost';
import { CostBearingForm, CostExampleCard } from './cost-form';

/**
 * The cost-bearing form shared by /site/add/expensesSet and the cost-bearing detail's 修改 (B-site.md §1, §4): what it
 * offers with and without a property, and the example card's wording.
 */

const RULE: SiteShareRule = {
  shareMode: 2,
  electricBearer: 1,
  electricPrice: 0,
  channelFeeBearer: 1,
  platformFeeBearer: 1,
  parties: [
    {
      userId: 10004,
      partyType: 2,
      name: '文新物业',
      phone: '',
      chargeRate: 2500,
      cardRate: 2500,
      coinRate: 2500,
      remark: '',
    },
  ],
};

const priceInput = () => document.querySelector<HTMLInputElement>('input[name="electricPrice"]');

afterEach(cleanup);

describe('CostBearingForm', () => {
  it('with a property: the three bearers, the price per 度, and the example with the typed price', () => {
    const form = new CostFormStore(RULE, true);
    const { rerender } = render(<CostBearingForm form={form} splitMode={false} />);
    expect(screen.getByText('按分成比例分摊', { selector: '[data-testid="electric-bearer"] *' })).toBeTruthy();
    expect(screen.getByText('余额扣款模式无平台分账，此项不产生费用')).toBeTruthy();
    const input = priceInput();
    expect(input).not.toBeNull();
    if (input) fireEvent.change(input, { target: { value: '0.55' } });
    expect(form.values.electricPrice).toBe('0.55');
    form.set({ channelFeeBearer: 3 });
    render(<CostExampleCard example={form.exampleWith(RULE)} splitMode={false} />);
    // ¥100, 20 度 at ¥0.55 = ¥11.00, property 25 %: base 100 − 0.60 = 99.40 → ¥24.85 + ¥11.00 = ¥35.85.
    const card = screen.getByTestId('expenses-example').textContent ?? '';
    expect(card).toContain('以单日收入 ¥100.00、用电 20 度为例：文新物业 ¥35.85，运营商 ¥63.55');
    expect(card).toContain('支付手续费 ¥0.60，电费 ¥11.00');
    // 物业承担: no price is asked.
    form.set({ electricBearer: 2 });
    rerender(<CostBearingForm form={form} splitMode />);
    expect(priceInput()).toBeNull();
    expect(screen.queryByText('余额扣款模式无平台分账，此项不产生费用')).toBeNull();
  });

  it('without a property: only 运营商承担, no price, the note', () => {
    render(<CostBearingForm form={new CostFormStore(RULE, false)} splitMode={false} />);
    expect(priceInput()).toBeNull();
    expect(screen.getByText('未关联物业，电费由运营商自行缴纳，不参与结算')).toBeTruthy();
    const disabled = document.querySelectorAll('[data-testid="electric-bearer"] .adm-radio-disabled');
    expect(disabled).toHaveLength(2);
  });

  it('shows -- while the price is not an amount', () => {
    render(<CostExampleCard example={null} splitMode={false} prefix="变更后" />);
    expect(screen.getByTestId('expenses-example').textContent).toBe('变更后：以单日收入 ¥100.00、用电 20 度为例：--');
  });
});
