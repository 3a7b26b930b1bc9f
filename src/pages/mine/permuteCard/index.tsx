import { Input, Radio, TextArea } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { href } from '@/config/routes';
import { formatTime } from '@/lib/time';
import { BottomBar, DetailFailed, DetailLoading, Field } from '@/sections/mine/card-parts';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { cardNoFromScan } from '@/stores/screens/mine/card-sites';
import { cardReplaceStore } from '@/stores/screens/mine/card-replace';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/permuteCard — 旧卡更换 (C-mine.md permuteCard; Business rule 11): the activity banner (name, dates, rules) and
 * the form — 换卡站点 (→ choiseSite), 旧卡卡号 (typed, scanned or picked from the site's imported old cards), 旧卡余额
 * (the imported balance, read-only; typed only when the activity allows it), 持卡人手机号 (prefilled from the imported
 * record), 新卡卡号 (typed or scanned), 余额转入方式 (转为本金 / 转为赠送金额), 备注, and the preview of what the new card
 * receives. 提交换卡 confirms, replaces exactly once, clears the draft and opens the new card. Without an activity in
 * progress: the empty state only. The draft (session storage) survives the site choice and a reload.
 */
const PermuteCard = observer(function PermuteCard() {
  const store = useScreenStore(cardReplaceStore);
  const root = useStores();
  const navigate = useNavigate();
  useEffect(() => {
    void store.load();
  }, [store]);
  const activity = store.activity.data;
  if (!activity) {
    if (store.activity.failed) return <DetailFailed text="加载失败" onRetry={() => void store.load()} />;
    if (!store.loaded) return <DetailLoading />;
    return (
      <main className={styles.page}>
        <div className={styles.center} data-testid="no-activity">
          <p>当前没有进行中的换卡活动</p>
        </div>
      </main>
    );
  }
  const draft = store.draft;
  const scan = async (field: 'oldCard' | 'newCard') => {
    const text = await root.platform.scan();
    if (text !== null) store.set(field, cardNoFromScan(text));
  };
  const submit = async () => {
    if (store.submit.busy) return;
    const error = store.error;
    if (error) {
      toast(error);
      return;
    }
    const card = await store.send(() => confirm('旧卡更换', store.confirmText));
    if (!card) return;
    toast('换卡成功');
    void navigate(href('cardInfo', { cardId: card.cardId, cardType: card.cardType }), { replace: true });
  };
  const scanButton = (field: 'oldCard' | 'newCard') => (
    <Button size="mini" fill="none" aria-label="扫码" onClick={() => void scan(field)}>
      <ScanningOutline fontSize={20} />
    </Button>
  );
  return (
    <main className={styles.page}>
      <section className={styles.card} data-testid="activity-banner">
        <h2>{activity.name}</h2>
        <p className={styles.muted}>
          活动时间 {formatTime(activity.startTime, 'YYYY-MM-DD')} 至 {formatTime(activity.endTime, 'YYYY-MM-DD')}
        </p>
        <p>{activity.rules}</p>
      </section>
      <section className={styles.card}>
        <Field label="换卡站点" required>
          <button
            type="button"
            className={styles.select}
            data-testid="replace-site"
            onClick={() => void navigate(href('permuteCardSite'))}
          >
            {draft.siteName || '请选择'} ›
          </button>
        </Field>
        <Field label="旧卡卡号" required>
          <div className={styles.inline}>
            <Input
              name="oldCard"
              aria-label="旧卡卡号"
              maxLength={20}
              placeholder="4-20位旧卡号"
              value={draft.oldCard}
              onChange={(v) => store.set('oldCard', v)}
            />
            {scanButton('oldCard')}
          </div>
        </Field>
        {store.suggestions.length > 0 && (
          <div className={styles.chips} data-testid="old-card-suggestions">
            {store.suggestions.map((c) => (
              <button key={c.oldCard} type="button" className={styles.chip} onClick={() => store.pickOldCard(c)}>
                {c.oldCard}
              </button>
            ))}
          </div>
        )}
        <Field label="旧卡余额 ¥" required>
          <Input
            name="oldCardBalance"
            aria-label="旧卡余额（元）"
            inputMode="decimal"
            readOnly={store.balanceLocked}
            placeholder={store.balanceLocked ? '按导入记录' : '0.00'}
            value={store.balanceText}
            onChange={(v) => store.setBalanceText(v)}
          />
        </Field>
        <Field label="持卡人手机号" required>
          <Input
            name="phone"
            aria-label="持卡人手机号"
            type="tel"
            maxLength={11}
            value={draft.phone}
            onChange={(v) => store.set('phone', v)}
          />
        </Field>
        <Field label="新卡卡号" required>
          <div className={styles.inline}>
            <Input
              name="newCard"
              aria-label="新卡卡号"
              maxLength={20}
              placeholder="8-20位新卡号"
              value={draft.newCard}
              onChange={(v) => store.set('newCard', v)}
            />
            {scanButton('newCard')}
          </div>
        </Field>
        {!root.platform.capabilities.scansBarCodes && (
          <p className={styles.muted}>{root.platform.wording.barCodeUnsupported}</p>
        )}
        <Field label="余额转入方式" required>
          <Radio.Group value={draft.rechargeType} onChange={(v) => store.set('rechargeType', v as 1 | 2)}>
            <div className={styles.chips}>
              <Radio value={1}>转为本金</Radio>
              <Radio value={2}>转为赠送金额</Radio>
            </div>
          </Radio.Group>
        </Field>
        <Field label="备注" htmlFor="permute-remark">
          <TextArea
            id="permute-remark"
            name="remark"
            maxLength={50}
            rows={2}
            value={draft.remark}
            onChange={(v) => store.set('remark', v)}
          />
        </Field>
      </section>
      <BottomBar testId="replace-bar">
        <span className={styles.barText} data-testid="replace-preview">
          {store.preview}
        </span>
        <Button
          color="primary"
          disabled={store.error !== null || store.submit.busy}
          loading={store.submit.sending}
          onClick={() => void submit()}
        >
          提交换卡
        </Button>
      </BottomBar>
    </main>
  );
});

export default PermuteCard;
