import { List, Picker, Radio, Switch } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { href } from '@/config/routes';
import { BankLogo, Block, cardLabel, Failed, Loading, Page } from '@/sections/income/parts';
import styles from '@/sections/income/onboarding.module.css';
import { useScreenStore } from '@/stores/screen-store';
import {
  autoFormError,
  autoWithdrawRules,
  autoWithdrawStore,
  dayLabel,
  MODE_LABELS,
  WEEKDAYS,
  type AutoWithdrawStore,
} from '@/stores/screens/income/auto-withdraw';

/**
 * /income/autowithdraw — 自动提现 (D-income.md §2 "/income/autowithdraw"): 开启自动提现 (switching off is confirmed and
 * saved at once), 提现周期, 提现日, 到账账户 (channel 1 → the card list in select mode; channel 2 the settlement card),
 * 下次自动提现 {day} 10:00, the rules, the inline hint when the runs would not happen, and 保存 (enabled when something
 * changed; confirmed, exactly once).
 */

const DayPicker = observer(function DayPicker({ store }: { store: AutoWithdrawStore }) {
  const [open, setOpen] = useState(false);
  const { autoMode, date } = store.form;
  if (autoMode === 1) return null;
  const options =
    autoMode === 2
      ? WEEKDAYS.map((label, i) => ({ label, value: i + 1 }))
      : Array.from({ length: 28 }, (_, i) => ({ label: `${i + 1}日`, value: i + 1 }));
  return (
    <>
      <List.Item extra={dayLabel(autoMode, date)} clickable onClick={() => setOpen(true)} data-testid="auto-day">
        提现日
      </List.Item>
      <Picker
        visible={open}
        title="提现日"
        columns={[options]}
        value={[date]}
        onClose={() => setOpen(false)}
        onConfirm={(value) => store.setForm({ date: Number(value[0] ?? 1) })}
      />
    </>
  );
});

const AutoWithdraw = observer(function AutoWithdraw() {
  const store = useScreenStore(autoWithdrawStore);
  const navigate = useNavigate();
  const inFlight = useRef(false);
  useEffect(() => {
    void store.load();
  }, [store]);

  if (store.mode.failed) return <Failed onRetry={() => void store.load()} />;
  if (!store.mode.data) return <Loading />;
  const form = store.form;
  const card = store.card;
  const next = store.nextRun(Date.now());

  const guard = (work: () => Promise<void>) => {
    if (inFlight.current || store.submit.busy) return;
    inFlight.current = true;
    void work().finally(() => {
      inFlight.current = false;
    });
  };
  const toggle = (on: boolean) => {
    if (on) {
      store.setForm({ autoWithdraw: 1 });
      return;
    }
    if (store.saved.autoWithdraw === 0) {
      store.setForm({ autoWithdraw: 0 });
      return;
    }
    guard(async () => {
      const saved = await store.save(() => confirm('关闭自动提现', '关闭后将不再自动提现，确定关闭？'), true);
      if (saved) toast('已关闭自动提现');
    });
  };
  const save = () =>
    guard(async () => {
      const error = autoFormError(form, store.channel);
      if (error) {
        toast(error);
        return;
      }
      const saved = await store.save(() =>
        form.autoWithdraw === 1 ? confirm('自动提现', store.confirmText) : Promise.resolve(true),
      );
      if (!saved) return;
      toast('设置成功');
      void navigate(-1);
    });

  return (
    <Page testId="auto-withdraw-page">
      {store.hint && (
        <div className={styles.warnBox} data-testid="auto-hint">
          <span>{store.hint}</span>
        </div>
      )}
      <List>
        <List.Item
          extra={
            <Switch
              checked={form.autoWithdraw === 1}
              loading={store.submit.sending}
              onChange={toggle}
              aria-label="开启自动提现"
              data-testid="auto-switch"
            />
          }
        >
          开启自动提现
        </List.Item>
        {form.autoWithdraw === 1 && (
          <>
            <List.Item>
              <Radio.Group value={form.autoMode} onChange={(v) => store.setForm({ autoMode: Number(v) as 1 | 2 | 3 })}>
                <span className={styles.muted}>提现周期 </span>
                {([1, 2, 3] as const).map((m) => (
                  <Radio key={m} value={m} style={{ marginRight: 16 }}>
                    {MODE_LABELS[m]}
                  </Radio>
                ))}
              </Radio.Group>
            </List.Item>
            <DayPicker store={store} />
            <List.Item
              clickable={store.channel === 1}
              data-testid="auto-card"
              onClick={
                store.channel === 1
                  ? () => {
                      store.chooseCard();
                      void navigate(href('bank', { select: 1, for: 'auto' }));
                    }
                  : undefined
              }
              extra={
                card ? (
                  <span className={styles.cardRow}>
                    <BankLogo url={card.bankLogo} size={20} />
                    {cardLabel(card)}
                  </span>
                ) : (
                  <span className={styles.muted}>请选择到账账户</span>
                )
              }
            >
              <span className="nowrap">到账账户</span>
            </List.Item>
          </>
        )}
      </List>
      {form.autoWithdraw === 1 && next && (
        <p className={styles.muted} data-testid="auto-next">
          下次自动提现：{next} 10:00
        </p>
      )}
      <Block>
        <p className={styles.muted} data-testid="auto-rules">
          {autoWithdrawRules()}
        </p>
      </Block>
      <Button
        block
        color="primary"
        size="large"
        data-testid="auto-save"
        disabled={!store.changed || store.submit.busy}
        loading={store.submit.sending}
        onClick={save}
      >
        保存
      </Button>
    </Page>
  );
});

export default AutoWithdraw;
