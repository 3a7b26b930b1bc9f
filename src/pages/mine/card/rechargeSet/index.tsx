import { SearchBar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { getRechargeTemplateList, type RechargeTemplate } from '@/api/card';
import type { Page } from '@/api/http';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import { href } from '@/config/routes';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/rechargeSet — 充值设置 (C-mine.md card/rechargeSet): per own site what riders can buy or recharge — the
 * first two value-card tiers ("充50送5 / 充100送15"), the month-card packages ("30天¥30 / 90天¥80"), 线上充值 开/关 and
 * 智能赠送中; a site without any template shows 未设置. A row opens its settings.
 */

const yuan = (fen: number) => String(fen / 100).replace(/\.0+$/, '');

function Row({ t }: { t: RechargeTemplate }) {
  const tiers = t.valueTiers.slice(0, 2).map((x) => `充${yuan(x.payAmount)}送${yuan(x.giveAmount)}`);
  const months = t.monthTemplates.filter((m) => m.enabled === 1).map((m) => `${m.days}天¥${yuan(m.price)}`);
  const none = !t.hasTemplate && t.monthTemplates.length === 0;
  return (
    <EntryLink
      to={href('rechargeSetInfo', { siteId: t.siteId })}
      className={styles.item}
      testId={`recharge-set-${t.siteId}`}
    >
      <div className={styles.itemHead}>
        <b>{t.siteName}</b>
        <span>
          {none ? (
            <Tag color="warning">未设置</Tag>
          ) : (
            <Tag color={t.onlineRecharge === 1 ? 'success' : 'default'} fill="outline">
              线上充值 {t.onlineRecharge === 1 ? '开' : '关'}
            </Tag>
          )}{' '}
          {t.aiGiveStatus === 2 && <Tag color="primary">智能赠送中</Tag>}
        </span>
      </div>
      <div className={styles.itemLine}>
        <span>储值套餐 {tiers.length > 0 ? tiers.join(' / ') : '--'}</span>
      </div>
      <div className={styles.itemLine}>
        <span>月卡套餐 {months.length > 0 ? months.join(' / ') : '--'}</span>
      </div>
    </EntryLink>
  );
}

export default function RechargeSet() {
  const [keyword, setKeyword] = useState('');
  return (
    <main className={styles.page}>
      <SearchBar placeholder="站点名称" value={keyword} maxLength={30} onChange={setKeyword} />
      <div style={{ height: 10 }} />
      <PagedList<RechargeTemplate, Page<RechargeTemplate>>
        testId="recharge-set-list"
        fetchPage={(pageNum, pageSize) =>
          getRechargeTemplateList({ pageNum, pageSize, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) })
        }
        watch={[keyword.trim()]}
        debounceMs={300}
        itemKey={(t) => t.siteId}
        estimateSize={96}
        skeletonRows={5}
        renderItem={(t) => <Row t={t} />}
        empty={<p>暂无站点，请先添加站点</p>}
      />
    </main>
  );
}
