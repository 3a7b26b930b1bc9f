import { Checkbox, Input, SpinLoading } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { groupCardNo } from '@/api/income-rules';
import { showAlert, toast } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { BankLogo, Block, Failed, FormRow, Loading, Page, useLeaveGuard } from '@/sections/income/parts';
import { useScreenStore } from '@/stores/screen-store';
import { bankAddStore } from '@/stores/screens/income/bank-add';
import styles from './add.module.css';

/**
 * /income/bank/add — 添加储蓄卡 (D-income.md §2 "/income/bank/add"): 持卡人 and 身份证号 (masked and read-only when the
 * real name is locked), 银行卡号 grouped by 4 with the bank resolved from its first 10 digits (credit cards refused in
 * red), 开户支行（选填）, 预留手机号, 验证码 (type 4 to the reserved phone) and the agreement; 确认绑定 binds exactly once.
 * from=withdraw: the new card becomes the withdrawal's card and the page gives way to /income/withdraw.
 */

const AGREEMENT_HTML =
  '<p>您授权平台及合作支付机构验证您提交的持卡人姓名、身份证号、银行卡号及预留手机号，并将该卡用于账户资金提现。</p>' +
  '<p>仅支持本人名下的借记卡；解绑后将无法提现至该卡。</p>';

const BankAdd = observer(function BankAdd() {
  const query = useRouteQuery('bankAdd');
  const store = useScreenStore(bankAddStore);
  const navigate = useNavigate();
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);
  useLeaveGuard(store.dirty && !store.submit.busy && !store.done, '放弃添加银行卡？');

  if (store.cards.failed) return <Failed onRetry={() => void store.load()} />;
  if (!store.cards.data) return <Loading />;
  const cards = store.cards.data;

  const sendCode = async () => {
    const message = await store.sendCode();
    if (message) toast(message);
  };
  const submit = async () => {
    if (store.submit.busy) return;
    const error = store.error;
    if (error) {
      toast(error);
      return;
    }
    const card = await store.bind();
    if (!card) return;
    toast('绑定成功');
    if (query?.from === 'withdraw') store.chooseForWithdraw(card);
    // The add page leaves the history: back() returns to the list or to the withdrawal.
    void navigate(-1);
  };

  return (
    <Page testId="bank-add-page">
      <Block>
        {store.locked ? (
          <>
            <FormRow label="持卡人">
              <span data-testid="bank-add-holder">{cards.realName}</span>
            </FormRow>
            <FormRow label="身份证号">
              <span>{cards.idCardNoMasked}</span>
            </FormRow>
            <p className={styles.hint}>持卡人须为账户实名人 {cards.realName}</p>
          </>
        ) : (
          <>
            <FormRow label="持卡人">
              <Input
                name="holderName"
                placeholder="请输入持卡人姓名"
                value={store.holderName}
                onChange={(v) => store.set('holderName', v)}
              />
            </FormRow>
            <FormRow label="身份证号">
              <Input
                name="idCardNo"
                placeholder="请输入身份证号"
                value={store.idCardNo}
                onChange={(v) => store.set('idCardNo', v)}
              />
            </FormRow>
          </>
        )}
        <FormRow label="银行卡号">
          <Input
            name="cardNo"
            inputMode="numeric"
            placeholder="请输入银行卡号"
            value={groupCardNo(store.cardNo)}
            onChange={(v) => store.set('cardNo', v)}
            onBlur={() => store.leave('cardNo')}
          />
          {store.cardNoWarning && (
            <div className={styles.danger} role="alert" data-testid="bank-add-card-warning">
              {store.cardNoWarning}
            </div>
          )}
        </FormRow>
        <FormRow label="开户银行">
          <span className={styles.bank} data-testid="bank-add-bank">
            {store.binLoading ? (
              <SpinLoading style={{ '--size': '16px' }} />
            ) : store.bin ? (
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
            placeholder="选填，如新街口支行"
            value={store.branchName}
            onChange={(v) => store.set('branchName', v)}
          />
        </FormRow>
        <FormRow label="预留手机号" hint="银行卡在银行预留的手机号">
          <Input
            name="reservedPhone"
            inputMode="numeric"
            placeholder="请输入预留手机号"
            value={store.reservedPhone}
            onChange={(v) => store.set('reservedPhone', v)}
            onBlur={() => store.leave('reservedPhone')}
          />
          {store.reservedPhoneWarning && (
            <div className={styles.danger} role="alert" data-testid="bank-add-phone-warning">
              {store.reservedPhoneWarning}
            </div>
          )}
        </FormRow>
        <FormRow label="验证码">
          <div className={styles.codeRow}>
            <Input
              name="code"
              inputMode="numeric"
              placeholder="6位验证码"
              value={store.code}
              onChange={(v) => store.set('code', v)}
            />
            <Button
              size="small"
              disabled={!store.canSendCode || store.sms.left > 0}
              loading={store.sms.sending}
              onClick={() => void sendCode()}
            >
              {store.sms.label}
            </Button>
          </div>
        </FormRow>
      </Block>
      <div className={styles.agree}>
        <Checkbox checked={store.agreed} onChange={(v) => store.setAgreed(v)}>
          我已阅读并同意
        </Checkbox>
        <button
          type="button"
          className={styles.link}
          onClick={() => void showAlert({ title: '银行卡绑定服务协议', html: AGREEMENT_HTML })}
        >
          《银行卡绑定服务协议》
        </button>
      </div>
      <Button
        block
        color="primary"
        size="large"
        disabled={store.submit.busy}
        loading={store.submit.sending}
        onClick={() => void submit()}
      >
        确认绑定
      </Button>
    </Page>
  );
});

export default BankAdd;
