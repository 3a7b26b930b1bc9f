import { Input, Tag, TextArea } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { CardType } from '@/api/card';
import { showAlert, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { BottomBar, CardTabs, Field, cardTypeOf, useLeaveToHub } from '@/sections/mine/card-parts';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { cardAddStore, cardNoFromScan } from '@/stores/screens/mine/card-sites';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/tab/add — 添加套餐卡 (C-mine.md card/tab/add; Business rules 5, 6): puts blank IC cards into stock (未激活)
 * bound to their site(s). 逐张添加: type or scan a number (WeChat scans QR and bar codes; Alipay QR only, the bar code
 * is typed) → chips; 号段批量: start + count → preview. 适用站点 → the picker; 备注. 提交 lists numbers already held by
 * any card (blocked), else adds and replaces the route with the list. Not for e-cards (back to the list). The form is
 * kept while choosing sites.
 */

const CardAdd = observer(function CardAdd({ cardType }: { cardType: CardType }) {
  const store = useScreenStore(cardAddStore, cardType);
  const root = useStores();
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const scan = async () => {
    const text = await root.platform.scan();
    if (text === null) return;
    const refusal = store.addNumber(cardNoFromScan(text));
    if (refusal) toast(refusal);
  };
  const add = () => {
    const refusal = store.addNumber();
    if (refusal) toast(refusal);
  };
  const submit = async () => {
    const error = store.error;
    if (error) {
      toast(error);
      return;
    }
    const result = await store.submit();
    if (!result) return;
    if ('conflicts' in result) {
      await showAlert({ title: '以下卡号已被使用', html: result.conflicts.join('<br/>') });
      return;
    }
    toast(`成功添加 ${result.added} 张`);
    if (result.failures.length > 0) await showAlert({ title: '部分卡片未添加', html: result.failures.join('<br/>') });
    void navigate(href('cardList', { cardType }), { replace: true });
  };
  const pickSites = href('cardAddAddress', { cardType });
  return (
    <main className={styles.page} style={{ paddingTop: 0 }}>
      <CardTabs cardType={cardType} current="add" canAdd={root.session.can('card:edit')} />
      <section className={styles.card}>
        <Segmented
          label="添加方式"
          block
          options={[
            { key: 'single', label: '逐张添加' },
            { key: 'range', label: '号段批量' },
          ]}
          value={store.mode}
          onChange={(v) => store.setMode(v)}
        />
        {store.mode === 'single' ? (
          <>
            <Field label="卡号">
              <div className={styles.inputWithButtons}>
                <Input
                  name="cardNo"
                  aria-label="卡号"
                  placeholder="8-20位数字或字母"
                  maxLength={20}
                  value={store.input}
                  onChange={(v) => store.set('input', v)}
                  onEnterPress={add}
                />
                <Button size="mini" fill="none" aria-label="扫码" onClick={() => void scan()}>
                  <ScanningOutline fontSize={20} />
                </Button>
                <Button size="mini" color="primary" onClick={add}>
                  添加
                </Button>
              </div>
            </Field>
            {!root.platform.capabilities.scansBarCodes && (
              <p className={styles.muted}>{root.platform.wording.barCodeUnsupported}</p>
            )}
            <p className={styles.muted}>已添加 {store.numbers.length} 张</p>
            <div className={styles.numberChips} data-testid="card-numbers">
              {store.numbers.map((n) => (
                <Tag key={n} color="primary" fill="outline" onClick={() => store.removeNumber(n)}>
                  {n} ×
                </Tag>
              ))}
            </div>
          </>
        ) : (
          <>
            <Field label="起始卡号">
              <Input
                name="rangeStart"
                aria-label="起始卡号"
                inputMode="numeric"
                maxLength={20}
                value={store.rangeStart}
                onChange={(v) => store.set('rangeStart', v)}
              />
            </Field>
            <Field label="数量">
              <Input
                name="rangeCount"
                aria-label="数量"
                inputMode="numeric"
                maxLength={3}
                placeholder="1-200"
                value={store.rangeCount}
                onChange={(v) => store.set('rangeCount', v)}
              />
            </Field>
            {store.rangePreview && <p data-testid="range-preview">{store.rangePreview}</p>}
          </>
        )}
      </section>
      <section className={styles.card}>
        <Field label="适用站点" required>
          <button
            type="button"
            className={styles.select}
            style={{ maxWidth: '100%' }}
            data-testid="choose-sites"
            onClick={() => isBuilt(pickSites) && void navigate(pickSites)}
          >
            {store.sites.length > 0 ? store.sites.map((s) => s.siteName).join('、') : '请选择'} ›
          </button>
        </Field>
        <Field label="备注" htmlFor="card-add-remark">
          <TextArea
            id="card-add-remark"
            name="remark"
            maxLength={50}
            rows={2}
            value={store.remark}
            onChange={(v) => store.set('remark', v)}
          />
        </Field>
      </section>
      <BottomBar>
        <Button
          color="primary"
          disabled={store.error !== null || store.submitting}
          loading={store.submitting}
          onClick={() => void submit()}
        >
          提交
        </Button>
      </BottomBar>
    </main>
  );
});

export default function CardAddScreen() {
  const query = useRouteQuery('cardAdd');
  const cardType = cardTypeOf(query?.cardType);
  const navigate = useNavigate();
  useLeaveToHub(cardType === null);
  useEffect(() => {
    if (cardType === 4) void navigate(href('cardList', { cardType: 4 }), { replace: true });
  }, [cardType, navigate]);
  if (!cardType || cardType === 4) return null;
  return <CardAdd cardType={cardType} />;
}
