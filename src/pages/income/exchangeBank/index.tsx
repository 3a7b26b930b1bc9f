import { Input, Picker, Tabs } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { groupCardNo } from '@/api/income-rules';
import { confirm, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { BankLogo, Block, cardLabel, Failed, FormRow, Loading, Page } from '@/sections/income/parts';
import styles from '@/sections/income/onboarding.module.css';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { exchangeBankStore, type ExchangeBankStore } from '@/stores/screens/income/exchange-bank';

/**
 * /income/exchangeBank — 更换银行卡 (D-income.md §5 "/income/exchangeBank"): 当前结算卡, the tabs the entity type allows,
 * the personal-card form (持卡人 fixed, 银行卡号 → 开户银行, 开户支行（选填）, 预留手机号, 验证码 type 6) or the corporate
 * form (账户名称 fixed, 对公账号, 开户银行 picker, 开户支行), the notes, 确认更换 (confirmed, exactly once); a corporate
 * change awaiting KYB shows its banner and 去验证 instead of the form.
 */

const BankPicker = observer(function BankPicker({ store }: { store: ExchangeBankStore }) {
  const [open, setOpen] = useState(false);
  const banks = store.banks.data?.list ?? [];
  return (
    <>
      <button
        type="button"
        className={styles.link}
        data-testid="exchange-bank-picker"
        onClick={() => {
          if (!store.banks.data) void store.banks.load();
          setOpen(true);
        }}
      >
        {store.bank?.bankName ?? '请选择开户银行'}
      </button>
      <Picker
        visible={open}
        title="开户银行"
        columns={[banks.map((b) => ({ label: b.bankName, value: b.bankCode }))]}
        value={store.bank ? [store.bank.bankCode] : []}
        onClose={() => setOpen(false)}
        onConfirm={(value) => {
          const bank = banks.find((b) => b.bankCode === value[0]);
          if (bank) store.setBank(bank);
        }}
      />
    </>
  );
});

const PersonalForm = observer(function PersonalForm({ store }: { store: ExchangeBankStore }) {
  const sendCode = async () => {
    const message = await store.sendCode();
    if (message) toast(message);
  };
  return (
    <>
      <FormRow label="持卡人">
        <span>{store.holder}</span>
      </FormRow>
      <FormRow label="银行卡号">
        <Input
          name="cardNo"
          aria-label="银行卡号"
          inputMode="numeric"
          placeholder="请输入本人储蓄卡卡号"
          value={groupCardNo(store.cardNo)}
          onChange={(v) => store.set('cardNo', v)}
        />
      </FormRow>
      <FormRow label="开户银行">
        <span className={styles.cardRow} data-testid="exchange-bin">
          {store.bin ? (
            <>
              <BankLogo url={store.bin.bankLogo} size={20} />
              {store.bin.bankName} · {store.bin.cardType === 1 ? '借记卡' : '信用卡'}
            </>
          ) : (
            <span className={styles.muted}>输入卡号后自动识别</span>
          )}
        </span>
        {store.binWarning && <div className={styles.danger}>{store.binWarning}</div>}
      </FormRow>
      <FormRow label="开户支行">
        <Input
          name="branchName"
          aria-label="开户支行"
          placeholder="选填"
          value={store.branchName}
          onChange={(v) => store.set('branchName', v)}
        />
      </FormRow>
      <FormRow label="预留手机号">
        <Input
          name="reservedPhone"
          aria-label="预留手机号"
          inputMode="numeric"
          placeholder="请输入银行预留手机号"
          value={store.reservedPhone}
          onChange={(v) => store.set('reservedPhone', v)}
        />
      </FormRow>
      <FormRow label="验证码">
        <div className={styles.codeRow}>
          <Input
            name="code"
            aria-label="验证码"
            inputMode="numeric"
            placeholder="6位验证码"
            value={store.code}
            onChange={(v) => store.set('code', v)}
          />
          <Button
            size="small"
            disabled={store.sms.left > 0}
            loading={store.sms.sending}
            onClick={() => void sendCode()}
          >
            {store.sms.label}
          </Button>
        </div>
      </FormRow>
    </>
  );
});

const CompanyForm = observer(function CompanyForm({ store }: { store: ExchangeBankStore }) {
  return (
    <>
      <FormRow label="账户名称">
        <span>{store.entity.data?.name}</span>
      </FormRow>
      <FormRow label="对公账号">
        <Input
          name="accountNo"
          aria-label="对公账号"
          inputMode="numeric"
          placeholder="请输入对公账号"
          value={store.accountNo}
          onChange={(v) => store.set('accountNo', v)}
        />
      </FormRow>
      <FormRow label="开户银行">
        <BankPicker store={store} />
      </FormRow>
      <FormRow label="开户支行">
        <Input
          name="companyBranch"
          aria-label="开户支行"
          placeholder="请输入开户支行名称"
          value={store.companyBranch}
          onChange={(v) => store.set('companyBranch', v)}
        />
      </FormRow>
    </>
  );
});

const ExchangeBank = observer(function ExchangeBank() {
  const store = useScreenStore(exchangeBankStore);
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const { signInfo } = useStores();
  const inFlight = useRef(false);
  useEffect(() => {
    if (!store.locked) void store.load();
    return () => store.dispose();
  }, [store]);

  if (store.locked)
    return (
      <Page testId="exchange-page">
        <Block>
          <p className={styles.muted}>请使用主账号更换结算卡</p>
        </Block>
      </Page>
    );
  if (store.failed) return <Failed onRetry={() => void store.load()} />;
  if (store.loading) return <Loading />;
  const current = store.property.data?.settleCard ?? null;
  const kybCheck = href('kybCheck');
  // KYBCheck returns where this screen was opened from; the opening's page when there is no history.
  const back = href('openAccountDetail');

  const submit = async () => {
    const error = store.error;
    if (error) {
      toast(error);
      return;
    }
    const result = await store.change(
      () => confirm('更换结算卡', `提现将到账至新卡 ${store.target}，确认更换？`, '确认更换'),
      back,
    );
    if (result === 'personal') {
      toast('更换成功');
      void navigate(-1);
    } else if (result === 'corporate') {
      toast('请完成对公打款验证');
      void navigate(kybCheck, { replace: true });
    }
  };
  const tap = () => {
    if (inFlight.current || store.submit.busy) return;
    inFlight.current = true;
    void submit().finally(() => {
      inFlight.current = false;
    });
  };

  return (
    <Page testId="exchange-page">
      <Block title="当前结算卡">
        {current ? (
          <div className={styles.cardRow} data-testid="exchange-current">
            <BankLogo url={current.bankLogo} />
            <div>
              <b>{cardLabel(current)}</b>
              <p className={styles.muted}>{current.holderName}</p>
            </div>
          </div>
        ) : (
          <p className={styles.muted}>暂无结算卡</p>
        )}
      </Block>
      {store.pendingTail ? (
        <div className={styles.warnBox} data-testid="exchange-pending">
          <span>新对公账户({store.pendingTail})待打款验证</span>
          {isBuilt(kybCheck) && (
            <Button
              size="small"
              color="primary"
              onClick={() => {
                signInfo.update({ kybBackUrl: back });
                void navigate(kybCheck);
              }}
            >
              去验证
            </Button>
          )}
        </div>
      ) : (
        <>
          <Block>
            {store.tabs.length > 1 && (
              <Tabs activeKey={String(store.tab)} onChange={(key) => store.setTab(key === '2' ? 2 : 1)}>
                <Tabs.Tab key="1" title="个人银行卡" />
                <Tabs.Tab key="2" title="对公账户" />
              </Tabs>
            )}
            {store.tab === 1 ? <PersonalForm store={store} /> : <CompanyForm store={store} />}
          </Block>
          <p className={styles.muted}>
            更换期间原结算卡继续有效；对公账户需完成打款验证后生效；有处理中的提现时不可更换
          </p>
          <div className={styles.actions}>
            <Button
              block
              color="primary"
              size="large"
              data-testid="exchange-submit"
              disabled={store.submit.busy}
              loading={store.submit.sending}
              onClick={tap}
            >
              确认更换
            </Button>
          </div>
        </>
      )}
    </Page>
  );
});

export default ExchangeBank;
