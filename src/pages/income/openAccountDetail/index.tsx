import { Input, List, Picker, PullToRefresh, Tag } from 'antd-mobile';
import { ActionLink } from '@/components/links';
import { Button } from '@/components/button';
import { PhotoUploader } from '@/components/photo-uploader';
import { CheckCircleFill, CloseCircleFill, EyeOutline } from 'antd-mobile-icons';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { BANK_VERIFY_STATUS_LABELS, BUSINESS_CATEGORIES } from '@/api/income-rules';
import { confirm, toast } from '@/components/feedback';
import { RegionField } from '@/components/region-field';
import { useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatTime } from '@/lib/time';
import { BankLogo, Block, cardLabel, Failed, FormRow, Loading, Page } from '@/sections/income/parts';
import styles from '@/sections/income/onboarding.module.css';
import { uploadPhoto } from '@/sections/income/upload';
import { useScreenStore } from '@/stores/screen-store';
import { openAccountStore, openFormError, type OpenAccountStore } from '@/stores/screens/income/open-account';

/**
 * /income/openAccountDetail — 网商银行开户 (D-income.md §5 "/income/openAccountDetail"): the prerequisites card while not
 * opened (主体认证, 电子协议签署, each with 去完成), then by openStatus: the application form (0; 1 / 5 with the red
 * failReason and 重新提交), the review timeline (2), the timeline with 去完成打款验证 (3), or the opened account (4:
 * 网商银行 · 电子账户, the masked number with 👁 for 10 s and 复制, 开户时间, the settlement card with 更换, 提现记录,
 * 自动提现, 查看已签署协议).
 */

const Prerequisites = observer(function Prerequisites({ store }: { store: OpenAccountStore }) {
  const isBuilt = useIsBuilt();
  const item = (done: boolean, label: string, to: string) => (
    <div className={styles.line}>
      <span>
        {done ? (
          <CheckCircleFill style={{ color: 'var(--success)' }} aria-hidden />
        ) : (
          <CloseCircleFill style={{ color: 'var(--danger)' }} aria-hidden />
        )}{' '}
        {label} {done ? '已完成' : '未完成'}
      </span>
      <span>
        {!done && isBuilt(to) && (
          <ActionLink to={to} className={styles.link}>
            去完成
          </ActionLink>
        )}
      </span>
    </div>
  );
  return (
    <Block title="开户条件" testId="open-prerequisites">
      {item(store.certified, '主体认证', href('editContract'))}
      {item(store.signed, '电子协议签署', href('signAgree'))}
    </Block>
  );
});

const CategoryField = observer(function CategoryField({ store }: { store: OpenAccountStore }) {
  const [open, setOpen] = useState(false);
  const current = BUSINESS_CATEGORIES.find((c) => c.code === store.form.categoryCode);
  return (
    <>
      <List.Item title="经营类目" clickable onClick={() => setOpen(true)} data-testid="open-category">
        {current?.name ?? '请选择经营类目'}
      </List.Item>
      <Picker
        visible={open}
        title="经营类目"
        columns={[BUSINESS_CATEGORIES.map((c) => ({ label: c.name, value: c.code }))]}
        value={[store.form.categoryCode]}
        onClose={() => setOpen(false)}
        onConfirm={(value) => store.setForm({ categoryCode: String(value[0] ?? '') })}
      />
    </>
  );
});

const ApplyForm = observer(function ApplyForm({ store }: { store: OpenAccountStore }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const inFlight = useRef(false);
  const property = store.property.data;
  if (!property) return null;
  const retry = property.openStatus === 1 || property.openStatus === 5;
  const disabled = !store.ready;
  const card = property.settleCard;

  const submit = async () => {
    const error = openFormError(store.form);
    if (error) {
      toast(error);
      return;
    }
    const status = await store.apply(() => confirm('提交开户申请', '提交后将由网商银行审核，确认提交？'));
    if (status === 3) void navigate(href('kybCheck'));
    else if (status === 2) toast('已提交审核');
  };
  const tap = () => {
    if (inFlight.current || store.submit.busy) return;
    inFlight.current = true;
    void submit().finally(() => {
      inFlight.current = false;
    });
  };

  return (
    <>
      {retry && property.failReason && (
        <div className={styles.dangerBox} data-testid="open-fail">
          {property.openStatus === 5 ? '开户失败' : '资料待补充'}：{property.failReason}
        </div>
      )}
      <Block>
        <p className={styles.muted}>开通后订单资金由网商银行存管，提现至结算卡通常2小时内到账</p>
        {!property.openRequired && <p className={styles.muted}>当前通过平台钱包提现，可自愿开通</p>}
      </Block>
      <Block title="经营信息">
        <List>
          <RegionField
            value={store.form.region ?? { province: '', city: '', area: '' }}
            onChange={(region) => store.setForm({ region })}
            readOnly={disabled}
            testId="open-region"
          />
          <CategoryField store={store} />
        </List>
        <FormRow label="详细地址">
          <Input
            name="address"
            aria-label="详细地址"
            placeholder="街道、门牌号"
            disabled={disabled}
            value={store.form.address}
            onChange={(v) => store.setForm({ address: v.slice(0, 60) })}
          />
        </FormRow>
        <FormRow label="门头/场地照片">
          <div className={styles.images}>
            <PhotoUploader
              label="门头/场地照片"
              value={store.form.images.map((url) => ({ url }))}
              onChange={(list) => store.setForm({ images: list.map((i) => i.url) })}
              upload={(file) => uploadPhoto('store', file)}
              maxCount={3}
              accept="image/*"
              disableUpload={disabled}
            />
          </div>
        </FormRow>
        <FormRow label="联系邮箱">
          <Input
            name="email"
            aria-label="联系邮箱"
            placeholder="选填"
            disabled={disabled}
            value={store.form.email}
            onChange={(v) => store.setForm({ email: v.slice(0, 50) })}
          />
        </FormRow>
      </Block>
      <Block title="结算卡">
        {card ? (
          <div className={styles.cardRow}>
            <BankLogo url={card.bankLogo} />
            <div>{cardLabel(card)}</div>
            {isBuilt(href('exchangeBank')) && (
              <ActionLink to={href('exchangeBank')} className={styles.link}>
                更换
              </ActionLink>
            )}
          </div>
        ) : (
          <p className={styles.muted}>完成主体认证后显示结算卡</p>
        )}
      </Block>
      <Button
        block
        color="primary"
        size="large"
        data-testid="open-submit"
        disabled={disabled || store.submit.busy}
        loading={store.submit.sending}
        onClick={tap}
      >
        {retry ? '重新提交' : '提交开户申请'}
      </Button>
    </>
  );
});

const Timeline = observer(function Timeline({ store }: { store: OpenAccountStore }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const property = store.property.data;
  if (!property) return null;
  const corporate = property.settleCard?.cardType === 2;
  const reached = property.openStatus === 3 ? 3 : 2;
  const nodes = [
    `提交资料 ${formatTime(property.applyTime)}`,
    '银行审核中',
    ...(corporate || property.openStatus === 3 ? ['对公打款验证'] : []),
    '开户成功',
  ];
  return (
    <Block testId="open-timeline">
      <ol className={styles.timeline}>
        {nodes.map((node, i) => (
          <li key={node} className={clsx(i < reached && styles.reached)}>
            {node}
          </li>
        ))}
      </ol>
      {property.openStatus === 2 && <p className={styles.muted}>银行审核通常1个工作日</p>}
      {property.openStatus === 3 && isBuilt(href('kybCheck')) && (
        <Button
          block
          color="primary"
          data-testid="open-kyb"
          onClick={() => {
            store.prepareKyb();
            void navigate(href('kybCheck'));
          }}
        >
          去完成打款验证
        </Button>
      )}
    </Block>
  );
});

const Opened = observer(function Opened({ store }: { store: OpenAccountStore }) {
  const isBuilt = useIsBuilt();
  const navigate = useNavigate();
  const property = store.property.data;
  if (!property) return null;
  const card = property.settleCard;
  const copy = () => {
    void navigator.clipboard
      ?.writeText(property.eAccountNo ?? '')
      .then(() => toast('已复制'))
      .catch(() => toast('复制失败，请长按号码复制'));
  };
  const cells: { label: string; to: string }[] = [
    { label: '提现记录', to: href('withdrawHistory') },
    { label: '自动提现', to: href('autoWithdraw') },
    { label: '查看已签署协议', to: href('signAgree') },
  ];
  return (
    <>
      <Block title={`${property.bankName} · 电子账户`} testId="open-account">
        <div className={styles.line}>
          <span>户名</span>
          <span>{property.eAccountName}</span>
        </div>
        <div className={styles.line}>
          <span>账号</span>
          <span>
            <span data-testid="open-account-no">{store.accountNoShown}</span>{' '}
            <button type="button" className={styles.link} aria-label="显示完整账号" onClick={() => store.reveal()}>
              <EyeOutline />
            </button>{' '}
            <button type="button" className={styles.link} onClick={copy}>
              复制
            </button>
          </span>
        </div>
        <div className={styles.line}>
          <span>开户时间</span>
          <span>{formatTime(property.openTime)}</span>
        </div>
      </Block>
      <Block title="结算卡">
        {card && (
          <div className={styles.cardRow}>
            <BankLogo url={card.bankLogo} />
            <div>
              {cardLabel(card)} <Tag fill="outline">{BANK_VERIFY_STATUS_LABELS[card.verifyStatus]}</Tag>
            </div>
            {isBuilt(href('exchangeBank')) && (
              <ActionLink to={href('exchangeBank')} className={styles.link}>
                更换
              </ActionLink>
            )}
          </div>
        )}
      </Block>
      <List>
        {cells
          .filter((c) => isBuilt(c.to))
          .map((c) => (
            <List.Item key={c.label} clickable onClick={() => void navigate(c.to)}>
              {c.label}
            </List.Item>
          ))}
      </List>
    </>
  );
});

const OpenAccount = observer(function OpenAccount() {
  const store = useScreenStore(openAccountStore);
  useEffect(() => {
    if (!store.locked) void store.load();
    return () => store.dispose();
  }, [store]);
  if (store.locked)
    return (
      <Page testId="open-page">
        <Block>
          <p className={styles.muted}>请使用主账号开通网商银行账户</p>
        </Block>
      </Page>
    );
  if (store.property.failed || store.sign.failed) return <Failed onRetry={() => void store.load()} />;
  const status = store.openStatus;
  if (status === null || !store.sign.data) return <Loading />;
  return (
    <Page testId="open-page">
      <PullToRefresh onRefresh={() => store.load()}>
        {status !== 4 && <Prerequisites store={store} />}
        {status === 4 ? (
          <Opened store={store} />
        ) : status === 2 || status === 3 ? (
          <Timeline store={store} />
        ) : (
          <ApplyForm store={store} />
        )}
      </PullToRefresh>
    </Page>
  );
});

export default OpenAccount;
