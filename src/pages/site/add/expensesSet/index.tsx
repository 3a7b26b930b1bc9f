import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Button } from '@/components/button';
import { href } from '@/config/routes';
import { toast } from '@/components/feedback';
import { useStores } from '@/stores/root';
import { CostFormStore } from '@/stores/screens/site/site-settings-cost';
import { useGoBack } from '@/sections/site/navigation';
import { CostBearingForm, CostExampleCard } from '@/sections/site/cost-form';
import styles from './expenses.module.css';

/**
 * /site/add/expensesSet — 费用承担设置 (B-site.md §1): who pays electricity (and at what price per 度), the payment fee
 * (线上支付 0.6 %) and the platform service fee, before the site exists. A pure client page: 确定 validates and writes
 * the cost fields into the site draft's share rule and goes back; going back without 确定 discards the changes (the
 * form is this screen's own). The example card splits ¥100.00 of income using 20 度 with the draft's property rate
 * (Business rules B.8). Opened without a draft (deep link), it works on a draft with the defaults.
 */
const ExpensesSetPage = observer(function ExpensesSetPage() {
  const { siteDraft, session } = useStores();
  const goBack = useGoBack();
  const rule = siteDraft.draft.siteShareRule;
  const [form] = useState(() => new CostFormStore(rule, siteDraft.draft.merchantId !== null));
  const splitMode = session.extendPermission?.settleMode === 2;

  const save = () => {
    const result = form.result();
    if ('failure' in result) {
      toast(result.failure);
      return;
    }
    siteDraft.setCosts(result.terms);
    goBack(href('siteAdd'));
  };

  return (
    <main className={styles.page}>
      <CostBearingForm form={form} splitMode={splitMode} />
      <CostExampleCard example={form.exampleWith(rule)} splitMode={splitMode} />
      <div className={styles.submit} data-testid="expenses-submit">
        <Button block color="primary" size="large" onClick={save}>
          确定
        </Button>
      </div>
    </main>
  );
});

export default ExpensesSetPage;
