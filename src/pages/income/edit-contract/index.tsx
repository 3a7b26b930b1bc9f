import { Checkbox, Input, Picker, Radio } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { Button } from '@/components/button';
import { PhotoUploader } from '@/components/photo-uploader';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { UploadKind } from '@/api/esign';
import { ENTITY_TYPE_LABELS, groupCardNo } from '@/api/income-rules';
import { confirm, showAlert, toast } from '@/components/feedback';
import { Segmented } from '@/components/segmented';
import { useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { BankLogo, Block, Failed, FormRow, Loading, Page, useLeaveGuard } from '@/sections/income/parts';
import { uploadPhoto } from '@/sections/income/upload';
import { useScreenStore } from '@/stores/screen-store';
import {
  editContractStore,
  settleTypesOf,
  type DraftField,
  type EditContractStore,
  type EntityDraft,
} from '@/stores/screens/income/edit-contract';
import authLetterTemplate from './auth-letter-template.png?url';
import styles from './edit-contract.module.css';

/**
 * /income/edit-contract — 编辑签约人信息 (D-income.md §5 "/income/edit-contract"): the banner by mode (认证失败 with the
 * reason, 资料审核中 read-only, 已认证 → change application, 变更审核中 查看 ›), 主体类型, 营业执照 (photo, 商户名称, 统一社会信用代码,
 * 营业期限 or 长期), 法定代表人/经营者 (姓名, 身份证号, 证件有效期 or 长期, both ID photos), 签约人 (same as the legal person, or
 * name, ID and — 企业 — the authorisation letter), 签约人手机号, 结算账户 by entity type (个人卡 with bankBin, or 对公 with the
 * bank picker; read-only with 更换结算卡 once certified), 联系邮箱, and 提交认证 / 提交变更申请 (confirmed), each sent once.
 * Errors show under the fields after the first submission, the first one also as a toast.
 */

const TYPE_OPTIONS = ([1, 2, 3] as const).map((t) => ({
  key: String(t) as '1' | '2' | '3',
  label: ENTITY_TYPE_LABELS[t],
}));

const CHANGE_QUESTION =
  '变更认证信息需平台审核（1-3个工作日），审核期间原信息继续有效；变更主体名称、类型或签约人后需重新签署协议。确认提交？';

/**
 * 下载授权书模板 (D-income.md §5 edit-contract: an alert with the template image): the 授权委托书 template as an image
 * file of this screen's chunk (`?url`: fetched only when the alert opens, never inlined in a bundle), which the user
 * long-presses to save (WeChat and Alipay offer 保存图片 on an image), prints, has signed and sealed, and uploads above.
 */
const AUTH_LETTER_ALERT =
  '<p>长按图片保存到手机，打印后由法定代表人签字并加盖公章，拍照上传到“授权委托书”。</p>' +
  `<img src="${authLetterTemplate}" alt="授权委托书模板：签约人姓名、身份证号码、授权事项、授权期限，委托单位、统一社会信用代码、法定代表人与授权代表签字、公章、日期" width="750" height="1200">`;

/** A field's error, shown after the first submission. */
const FieldError = observer(function FieldError({ store, field }: { store: EditContractStore; field: DraftField }) {
  const error = store.tried ? store.errors[field] : undefined;
  return error ? <div className={styles.error}>{error}</div> : null;
});

/** A text field of the draft. */
const TextField = observer(function TextField({
  store,
  field,
  label,
  placeholder,
  numeric = false,
  disabled = false,
  show,
}: {
  store: EditContractStore;
  field: DraftField;
  label: string;
  placeholder: string;
  numeric?: boolean;
  disabled?: boolean;
  show?: (value: string) => string;
}) {
  const value = String(store.draft?.[field] ?? '');
  return (
    <FormRow label={label} hint={<FieldError store={store} field={field} />}>
      <Input
        name={field}
        aria-label={label}
        placeholder={placeholder}
        inputMode={numeric ? 'numeric' : undefined}
        disabled={disabled || store.readOnly}
        value={show ? show(value) : value}
        onChange={(v) => store.set(field, v as never)}
      />
    </FormRow>
  );
});

/** A start – end date pair with 长期. */
const DateRange = observer(function DateRange({
  store,
  label,
  start,
  end,
  long,
}: {
  store: EditContractStore;
  label: string;
  start: 'licenseStart' | 'legalIdStart';
  end: 'licenseEnd' | 'legalIdEnd';
  long: 'licenseLong' | 'legalIdLong';
}) {
  const draft = store.draft;
  if (!draft) return null;
  return (
    <FormRow
      label={label}
      hint={
        <>
          <FieldError store={store} field={start} />
          <FieldError store={store} field={end} />
        </>
      }
    >
      <div className={styles.dates}>
        <input
          type="date"
          className={styles.date}
          aria-label={`${label}开始日期`}
          disabled={store.readOnly}
          value={draft[start]}
          onChange={(e) => store.set(start, e.target.value)}
        />
        {!draft[long] && (
          <>
            <span aria-hidden>–</span>
            <input
              type="date"
              className={styles.date}
              aria-label={`${label}结束日期`}
              disabled={store.readOnly}
              value={draft[end]}
              onChange={(e) => store.set(end, e.target.value)}
            />
          </>
        )}
        <Checkbox checked={draft[long]} disabled={store.readOnly} onChange={(checked) => store.set(long, checked)}>
          长期
        </Checkbox>
      </div>
    </FormRow>
  );
});

/** A photo tile: upload (compressed), ✕ to remove, tap to preview; a failed upload can be tried again. */
const PhotoTile = observer(function PhotoTile({
  store,
  field,
  kind,
  label,
}: {
  store: EditContractStore;
  field: 'licenseImage' | 'idFrontImage' | 'idBackImage' | 'authLetterImage';
  kind: UploadKind;
  label: string;
}) {
  const url = store.draft?.[field] ?? '';
  return (
    <div className={styles.tile} data-testid={`photo-${field}`}>
      <span>{label}</span>
      <PhotoUploader
        label={label}
        value={url ? [{ url }] : []}
        onChange={(list) => store.set(field, list[0]?.url ?? '')}
        upload={(file) => uploadPhoto(kind, file)}
        onUploadQueueChange={(tasks) => {
          if (tasks.some((t) => t.status === 'fail')) toast('上传失败，点击重试');
        }}
        maxCount={1}
        accept="image/*"
        disableUpload={store.readOnly}
        deletable={!store.readOnly}
      />
      <FieldError store={store} field={field} />
    </div>
  );
});

const BankPicker = observer(function BankPicker({ store }: { store: EditContractStore }) {
  const [open, setOpen] = useState(false);
  const banks = store.banks.data?.list ?? [];
  const draft = store.draft;
  return (
    <FormRow label="开户银行" hint={<FieldError store={store} field="bankCode" />}>
      <button
        type="button"
        className={styles.link}
        data-testid="entity-bank-picker"
        disabled={store.readOnly}
        onClick={() => {
          if (!store.banks.data) void store.banks.load();
          setOpen(true);
        }}
      >
        {draft?.bankName || '请选择开户银行'}
      </button>
      <Picker
        visible={open}
        title="开户银行"
        columns={[banks.map((b) => ({ label: b.bankName, value: b.bankCode }))]}
        value={draft?.bankCode ? [draft.bankCode] : []}
        onClose={() => setOpen(false)}
        onConfirm={(value) => {
          const bank = banks.find((b) => b.bankCode === value[0]);
          if (bank) store.setBank(bank);
        }}
      />
    </FormRow>
  );
});

/** 结算账户: read-only once certified (更换结算卡), else the account type's form. */
const Settlement = observer(function Settlement({ store }: { store: EditContractStore }) {
  const isBuilt = useIsBuilt();
  const entity = store.entity.data;
  const draft = store.draft;
  if (!entity || !draft) return null;
  if (store.settlementFixed)
    return (
      <Block title="结算账户" testId="entity-settlement">
        <FormRow label={entity.settleAccountType === 2 ? '对公账户' : '个人银行卡'}>
          <span className={styles.fixed}>
            {entity.settleBankName} {entity.settleCardNoMasked}
          </span>
        </FormRow>
        {isBuilt(href('exchangeBank')) && (
          <RowLink to={href('exchangeBank')} className={styles.bannerLink}>
            更换结算卡
          </RowLink>
        )}
      </Block>
    );
  const types = settleTypesOf(draft.entityType);
  return (
    <Block title="结算账户" testId="entity-settlement">
      {types.length > 1 && (
        <Radio.Group value={draft.settleAccountType} onChange={(v) => store.set('settleAccountType', v === 2 ? 2 : 1)}>
          <Radio value={1}>经营者个人卡</Radio> <Radio value={2}>对公账户</Radio>
        </Radio.Group>
      )}
      {draft.settleAccountType === 1 ? (
        <>
          <TextField
            store={store}
            field="cardNo"
            label="银行卡号"
            placeholder="请输入经营者本人储蓄卡卡号"
            numeric
            show={groupCardNo}
          />
          <FormRow label="开户银行">
            <span data-testid="entity-bin">
              {store.bin ? (
                <>
                  <BankLogo url={store.bin.bankLogo} size={20} /> {store.bin.bankName} ·{' '}
                  {store.bin.cardType === 1 ? '借记卡' : '信用卡'}
                </>
              ) : (
                '输入卡号后自动识别'
              )}
            </span>
          </FormRow>
          <TextField store={store} field="reservedPhone" label="预留手机号" placeholder="银行预留手机号" numeric />
        </>
      ) : (
        <>
          <FormRow label="账户名称">
            <span className={styles.fixed}>{draft.name || '（同商户名称）'}</span>
          </FormRow>
          <TextField store={store} field="accountNo" label="对公账号" placeholder="请输入对公账号" numeric />
          <BankPicker store={store} />
          <TextField store={store} field="branchName" label="开户支行" placeholder="如：杭州西湖支行" />
        </>
      )}
    </Block>
  );
});

const Banner = observer(function Banner({ store }: { store: EditContractStore }) {
  const isBuilt = useIsBuilt();
  const entity = store.entity.data;
  if (!entity) return null;
  const box = (kind: string | undefined, children: ReactNode) => (
    <div className={clsx(styles.banner, kind)} data-testid="entity-banner">
      {children}
    </div>
  );
  if (store.mode === 'changeReview')
    return box(
      styles.bannerInfo,
      <>
        变更审核中
        {isBuilt(href('applyResult')) && entity.changeApply && (
          <RowLink to={href('applyResult', { id: entity.changeApply.applyId })} className={styles.bannerLink}>
            查看 ›
          </RowLink>
        )}
      </>,
    );
  if (entity.certStatus === 3) return box(styles.bannerDanger, `认证失败：${entity.rejectReason ?? ''}`);
  if (entity.certStatus === 1) return box(styles.bannerInfo, '资料审核中，暂不可修改');
  if (entity.certStatus === 2) return box(styles.bannerMuted, '已认证。修改信息需提交变更申请，审核通过后生效');
  return null;
});

const Form = observer(function Form({ store, draft }: { store: EditContractStore; draft: EntityDraft }) {
  const company = draft.entityType !== 1;
  return (
    <>
      <Block title="主体类型">
        {store.readOnly ? (
          <p>{ENTITY_TYPE_LABELS[draft.entityType]}</p>
        ) : (
          <Segmented
            label="主体类型"
            block
            options={TYPE_OPTIONS}
            value={String(draft.entityType) as '1' | '2' | '3'}
            onChange={(key) => store.set('entityType', Number(key) as 1 | 2 | 3)}
          />
        )}
      </Block>
      {company && (
        <Block title="营业执照" testId="entity-license">
          <PhotoTile store={store} field="licenseImage" kind="license" label="营业执照照片" />
          <TextField store={store} field="name" label="商户名称" placeholder="与营业执照一致" />
          <TextField store={store} field="licenseNo" label="统一社会信用代码" placeholder="18位代码" />
          <DateRange store={store} label="营业期限" start="licenseStart" end="licenseEnd" long="licenseLong" />
        </Block>
      )}
      <Block title={company ? '法定代表人/经营者' : '本人信息'} testId="entity-legal">
        <TextField store={store} field="legalName" label="姓名" placeholder="与身份证一致" />
        <TextField store={store} field="legalIdNo" label="身份证号" placeholder="18位身份证号" />
        <DateRange store={store} label="证件有效期" start="legalIdStart" end="legalIdEnd" long="legalIdLong" />
        <div className={styles.tiles}>
          <PhotoTile store={store} field="idFrontImage" kind="idFront" label="身份证人像面" />
          <PhotoTile store={store} field="idBackImage" kind="idBack" label="身份证国徽面" />
        </div>
      </Block>
      <Block title="签约人" testId="entity-signer">
        <Checkbox
          checked={draft.signerSameAsLegal}
          disabled={store.readOnly}
          onChange={(checked) => store.set('signerSameAsLegal', checked)}
        >
          签约人与法定代表人一致
        </Checkbox>
        {!draft.signerSameAsLegal && (
          <>
            <TextField store={store} field="signerName" label="签约人姓名" placeholder="与身份证一致" />
            <TextField store={store} field="signerIdNo" label="签约人身份证号" placeholder="18位身份证号" />
            {draft.entityType === 3 && (
              <>
                <PhotoTile store={store} field="authLetterImage" kind="authLetter" label="授权委托书" />
                <button
                  type="button"
                  className={styles.link}
                  onClick={() => void showAlert({ title: '授权书模板', html: AUTH_LETTER_ALERT })}
                >
                  下载授权书模板
                </button>
              </>
            )}
          </>
        )}
        <TextField store={store} field="signerPhone" label="签约人手机号" placeholder="接收签约验证码" numeric />
      </Block>
      <Settlement store={store} />
      <Block>
        <TextField store={store} field="email" label="联系邮箱（选填）" placeholder="选填" />
      </Block>
    </>
  );
});

const EditContract = observer(function EditContract() {
  const store = useScreenStore(editContractStore);
  const navigate = useNavigate();
  const inFlight = useRef(false);
  useEffect(() => {
    if (!store.locked) void store.load();
    return () => store.dispose();
  }, [store]);
  useLeaveGuard(() => store.dirty && !store.saved && !store.readOnly, '信息尚未提交，确定离开？');

  if (store.locked)
    return (
      <Page testId="entity-page">
        <Block>
          <p>请使用主账号完成主体认证</p>
        </Block>
      </Page>
    );
  if (store.entity.failed) return <Failed onRetry={() => void store.load()} />;
  const draft = store.draft;
  if (!draft || !store.mode) return <Loading />;
  const change = store.mode === 'change';

  const submit = async () => {
    if (store.firstError) {
      store.showErrors();
      toast(store.firstError);
      return;
    }
    const outcome = await store.save(() => confirm('提交变更申请', CHANGE_QUESTION));
    if (!outcome) return;
    if (outcome.kind === 'certified') {
      toast('认证成功');
      void navigate(href('signAgree'), { replace: true });
    } else if (outcome.kind === 'reviewing') {
      toast('已提交，审核通过后即可签约');
      void navigate(href('income'), { replace: true });
    } else if (outcome.kind === 'applied') {
      void navigate(href('applyResult', { id: outcome.applyId }), { replace: true });
    } else window.scrollTo({ top: 0 });
  };
  const tap = () => {
    if (inFlight.current || store.submit.busy) return;
    inFlight.current = true;
    void submit().finally(() => {
      inFlight.current = false;
    });
  };

  return (
    <Page testId="entity-page">
      <Banner store={store} />
      <Form store={store} draft={draft} />
      {!store.readOnly && (
        <Button
          className={styles.submit}
          block
          color="primary"
          size="large"
          data-testid="entity-submit"
          disabled={store.submit.busy || (change && !store.dirty)}
          loading={store.submit.sending}
          onClick={tap}
        >
          {change ? '提交变更申请' : '提交认证'}
        </Button>
      )}
    </Page>
  );
});

export default EditContract;
