import { ActionSheet, List, NoticeBar, Popup, Skeleton, Tag } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { SiteDetail } from '@/api/site';
import { SITE_INSTALMENT_STATUS_LABELS } from '@/api/settlement-rules';
import { chargeRuleSummary, SHARE_STATUS_NAMES } from '@/api/site-settings-rules';
import { confirm, toast } from '@/components/feedback';
import { useIsBuilt } from '@/components/route-availability';
import { amapSettings } from '@/lib/amap-settings';
import { formatFen } from '@/lib/money';
import { safeUrl } from '@/lib/safe-url';
import { formatTime } from '@/lib/time';
import {
  CONTRACT_STATUS_NAMES,
  SITE_TEXT_LABELS,
  siteProfileStore,
  shareSummary,
  type SiteProfileStore,
} from '@/stores/screens/site/site-settings';
import { href } from '@/config/routes';
import { useScreenStore } from '@/stores/screen-store';
import { costSummary } from '@/stores/screens/site/site-settings-cost';
import { EditTextDialog } from '@/sections/site/edit-dialog';
import { Section, useLoadOrLeave, useSiteQuery } from '@/sections/site/settings-ui';
import { IN_REVIEW_BANNER } from '@/sections/site/share-parts';
import shared from '@/sections/site/settings.module.css';
import styles from './site-data.module.css';

/**
 * /site/siteInfo/siteData — 站点资料 (B-site.md §4): everything about a site except its devices — basic information
 * (editable one field at a time), the cooperation terms (property, profit sharing, cost bearing, contract, device
 * instalment, open-platform grants), charging fees, and 删除站点. Read-only (no arrows) when the caller may not edit.
 */

type TextField = keyof typeof SITE_TEXT_LABELS;

const TEXT_LIMITS: Record<TextField, { maxLength: number; inputMode: 'text' | 'tel' }> = {
  name: { maxLength: 30, inputMode: 'text' },
  contacts: { maxLength: 10, inputMode: 'text' },
  contactsPhone: { maxLength: 11, inputMode: 'tel' },
  servicePhone: { maxLength: 20, inputMode: 'tel' },
};

/** A small map of the site's position: AMap's static map when this build has a key, else the coordinates. */
function MiniMap({ site }: { site: SiteDetail }) {
  const amap = amapSettings();
  const lnglat = `${site.longitude.toFixed(6)},${site.latitude.toFixed(6)}`;
  if (amap) {
    return (
      <img
        className={styles.miniMap}
        alt="站点位置"
        src={`https://restapi.amap.com/v3/staticmap?location=${lnglat}&zoom=16&size=240*100&markers=mid,,A:${lnglat}&key=${amap.key}`}
      />
    );
  }
  return (
    <div className={`${styles.miniMap} ${styles.miniMapText}`} aria-label="站点坐标">
      <EnvironmentOutline />
      <span>{lnglat}</span>
    </div>
  );
}

/** 分成方式 with the state of a pending change (待生效 from date / 审核中 / 已驳回). */
function ShareExtra({ site }: { site: SiteDetail }) {
  const pending = site.pendingShareRule;
  return (
    <span data-testid="profile-share">
      {shareSummary(site.shareRule)}
      {pending && (
        <Tag color={pending.status === 4 ? 'danger' : 'warning'} fill="outline" className={styles.shareTag}>
          {pending.status === 2 ? `${pending.effectiveDate}起变更` : SHARE_STATUS_NAMES[pending.status]}
        </Tag>
      )}
    </span>
  );
}

const Banner = observer(function Banner({ store }: { store: SiteProfileStore }) {
  const navigate = useNavigate();
  const site = store.detail.data;
  const audit = store.audit.data;
  const status = audit?.auditStatus ?? site?.auditStatus ?? 0;
  if (!site || status === 0) return null;
  if (status === 1) return <NoticeBar content={IN_REVIEW_BANNER} color="alert" wrap />;
  const mode = site.pendingShareRule?.shareMode ?? site.shareRule.shareMode;
  const reason = audit?.rejectReason ?? site.pendingShareRule?.rejectReason ?? '';
  return (
    <NoticeBar
      color="error"
      wrap
      content={`分成变更已驳回：${reason}`}
      extra={
        store.editable ? (
          <span
            role="button"
            className={styles.noticeAction}
            onClick={() =>
              void navigate(href(mode === 2 ? 'siteIntegrateSet' : 'siteBenefitSet', { siteId: store.siteId }))
            }
          >
            重新设置
          </span>
        ) : undefined
      }
    />
  );
});

const BasicInfo = observer(function BasicInfo({ store, site }: { store: SiteProfileStore; site: SiteDetail }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const [editing, setEditing] = useState<TextField | null>(null);
  const [pickCommunity, setPickCommunity] = useState(false);
  const edit = store.editable;
  const mapPath = href('siteMapLocation', { siteId: site.id });
  const textItem = (field: TextField) => (
    <List.Item
      key={field}
      extra={<span data-testid={`profile-${field}`}>{site[field] || '--'}</span>}
      onClick={edit ? () => setEditing(field) : undefined}
    >
      {SITE_TEXT_LABELS[field]}
    </List.Item>
  );
  const openCommunities = () => {
    setPickCommunity(true);
    void store.communities.load();
  };
  const chooseCommunity = async (id: number) => {
    setPickCommunity(false);
    if (await store.setCommunity(id)) toast('修改成功');
  };
  return (
    <Section title="基本信息">
      <List>
        {textItem('name')}
        <List.Item extra={site.id}>站点编号</List.Item>
        <List.Item extra={site.communityName ?? '未关联'} onClick={edit ? openCommunities : undefined}>
          所属小区
        </List.Item>
        <List.Item
          description={
            <>
              <span>{`${site.province}${site.city}${site.area} ${site.address}`}</span>
              <MiniMap site={site} />
            </>
          }
          onClick={edit && isBuilt(mapPath) ? () => void navigate(mapPath) : undefined}
        >
          站点位置
        </List.Item>
        {textItem('contacts')}
        {textItem('contactsPhone')}
        {textItem('servicePhone')}
        <List.Item extra={formatTime(site.createTime)}>创建时间</List.Item>
      </List>
      <EditTextDialog
        key={editing ?? 'closed'}
        open={editing !== null}
        title={editing ? `修改${SITE_TEXT_LABELS[editing]}` : ''}
        name={editing ?? 'field'}
        initial={editing ? site[editing] : ''}
        maxLength={editing ? TEXT_LIMITS[editing].maxLength : 30}
        inputMode={editing ? TEXT_LIMITS[editing].inputMode : 'text'}
        onClose={() => setEditing(null)}
        onSave={async (value) => {
          if (!editing) return null;
          const outcome = await store.editText(editing, value);
          if (outcome === null) toast('修改成功');
          return outcome;
        }}
      />
      <ActionSheet
        visible={pickCommunity}
        onClose={() => setPickCommunity(false)}
        cancelText="取消"
        extra={store.communities.pending ? '加载中...' : '选择所属小区'}
        actions={[
          ...(store.communities.data ?? []).map((c) => ({
            key: c.id,
            text: c.name,
            onClick: () => void chooseCommunity(c.id),
          })),
          { key: 0, text: '不关联', onClick: () => void chooseCommunity(0) },
        ]}
      />
    </Section>
  );
});

const ContractItem = observer(function ContractItem({ store, site }: { store: SiteProfileStore; site: SiteDetail }) {
  const [picking, setPicking] = useState(false);
  const contract = store.contract;
  const openPicker = () => {
    store.setContractInfo(null);
    setPicking(true);
    void store.contracts.load();
  };
  const choose = async (code: string) => {
    setPicking(false);
    if (await store.setContract(code)) toast('修改成功');
  };
  const unlink = async () => {
    if (!(await confirm('解除关联', '确定解除站点与该合同的关联？', '解除关联'))) return;
    if (await store.setContract('')) toast('已解除关联');
  };
  const options = (store.contracts.data ?? []).filter((c) => c.contractCode !== site.contractCode);
  return (
    <>
      <List.Item
        extra={site.contractCode ?? '未关联'}
        onClick={
          store.editable
            ? () => (site.contractCode ? void store.openContract(site.contractCode) : openPicker())
            : undefined
        }
      >
        关联合同
      </List.Item>
      <ActionSheet
        visible={picking}
        onClose={() => setPicking(false)}
        cancelText="取消"
        extra={store.contracts.pending ? '加载中...' : options.length === 0 ? '暂无可关联的设备合同' : '选择设备合同'}
        actions={options.map((c) => ({
          key: c.contractCode,
          text: c.contractName,
          description: `${c.contractCode} · ${c.signDate}签订 · 设备${c.deviceCount}台 · 已关联${c.boundSiteCount}个站点`,
          onClick: () => void choose(c.contractCode),
        }))}
      />
      <Popup
        visible={contract !== null}
        onMaskClick={() => store.setContractInfo(null)}
        onClose={() => store.setContractInfo(null)}
        bodyClassName={styles.contractPopup}
      >
        {contract && (
          <>
            <h3>{contract.contractName}</h3>
            <List>
              <List.Item extra={contract.contractCode}>合同编号</List.Item>
              <List.Item extra={contract.partyA}>甲方</List.Item>
              <List.Item extra={contract.partyB}>乙方</List.Item>
              <List.Item extra={contract.signDate}>签订日期</List.Item>
              <List.Item extra={`${contract.deviceCount}台`}>设备数量</List.Item>
              <List.Item extra={formatFen(contract.totalAmount)}>合同金额</List.Item>
              <List.Item extra={`${contract.paidInstalmentCount}/${contract.instalmentCount}期`}>分期进度</List.Item>
              <List.Item extra={CONTRACT_STATUS_NAMES[contract.status]}>状态</List.Item>
              {contract.fileUrl && (
                <List.Item
                  extra="查看"
                  onClick={() => {
                    const url = safeUrl(contract.fileUrl);
                    if (url) window.open(url, '_blank');
                  }}
                >
                  合同文件
                </List.Item>
              )}
            </List>
            <div className={styles.contractActions}>
              <Button block color="primary" fill="outline" onClick={openPicker}>
                更换
              </Button>
              <Button block color="danger" fill="outline" onClick={() => void unlink()} disabled={store.busy}>
                解除关联
              </Button>
            </div>
          </>
        )}
      </Popup>
    </>
  );
});

const Cooperation = observer(function Cooperation({ store, site }: { store: SiteProfileStore; site: SiteDetail }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const [pickMode, setPickMode] = useState(false);
  const edit = store.editable;
  const go = (path: string) => (edit && isBuilt(path) ? () => void navigate(path) : undefined);
  const instalment = store.instalment.data;
  const applies = store.applies.data;
  const siteId = site.id;
  const stagePath = href('platformFeeStageInfo', { siteId });
  const appliesPath = href('siteAuthorProcessed', { siteId });
  return (
    <Section title="合作信息">
      <List>
        <List.Item extra={site.merchantName ?? '未关联'} onClick={go(href('siteMerchant', { siteId }))}>
          物业
        </List.Item>
        <List.Item extra={<ShareExtra site={site} />} onClick={edit ? () => setPickMode(true) : undefined}>
          分成方式
        </List.Item>
        <List.Item
          description={costSummary(site.shareRule, site.merchantId !== null)}
          onClick={go(href('siteExpenses', { siteId }))}
        >
          费用承担
        </List.Item>
        <ContractItem store={store} site={site} />
        {store.splitMode && edit && (
          <List.Item
            extra={
              instalment
                ? `${SITE_INSTALMENT_STATUS_LABELS[instalment.status]} · 分账比例${instalment.proportion}% · 剩余${formatFen(instalment.remainingAmount)}`
                : store.instalment.pending
                  ? '加载中'
                  : '无设备分期'
            }
            onClick={instalment ? go(stagePath) : undefined}
          >
            设备分期
          </List.Item>
        )}
        {edit && (
          <List.Item
            extra={applies ? `已授权${applies.total}个平台` : store.applies.failed ? '--' : '加载中'}
            onClick={go(appliesPath)}
          >
            开放平台授权
          </List.Item>
        )}
      </List>
      <ActionSheet
        visible={pickMode}
        onClose={() => setPickMode(false)}
        cancelText="取消"
        extra="选择分成方式"
        actions={[
          {
            key: 'integrate',
            text: '综合分成',
            description: '每个分成方一个比例，适用全部收入',
            onClick: () => void navigate(href('siteIntegrateSet', { siteId })),
          },
          {
            key: 'benefit',
            text: '分项分成',
            description: '充电、充值、投币收入分别设置比例',
            onClick: () => void navigate(href('siteBenefitSet', { siteId })),
          },
        ]}
      />
    </Section>
  );
});

const Fees = observer(function Fees({ store, site }: { store: SiteProfileStore; site: SiteDetail }) {
  const navigate = useNavigate();
  const path = href('siteSetCharger', { siteId: site.id });
  return (
    <Section title="收费">
      <List>
        <List.Item
          description={<span data-testid="profile-charge">{chargeRuleSummary(site.chargeRule)}</span>}
          onClick={store.editable ? () => void navigate(path) : undefined}
        >
          收费设置
        </List.Item>
      </List>
    </Section>
  );
});

const DeleteSite = observer(function DeleteSite({ store }: { store: SiteProfileStore }) {
  const navigate = useNavigate();
  const remove = async () => {
    const blocker = await store.deleteBlocker();
    if (blocker) {
      toast(blocker);
      return;
    }
    if (blocker === '') return; // the card check failed (already toasted)
    const sure = await confirm('删除站点', '删除后站点数据不可恢复，历史收入仍可在账单中查看。确定删除？', '删除');
    if (!sure) return;
    if (await store.deleteSite()) {
      toast('删除成功');
      void navigate(href('site'), { replace: true });
    }
  };
  return (
    <div className={styles.profileDelete}>
      <Button block fill="none" color="danger" disabled={store.busy} onClick={() => void remove()}>
        删除站点
      </Button>
    </div>
  );
});

const SiteDataPage = observer(function SiteDataPage({ siteId }: { siteId: number }) {
  const store = useScreenStore(siteProfileStore, siteId);
  useLoadOrLeave(store);
  const site = store.detail.data;
  if (!site) {
    return (
      <main className={shared.page}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </main>
    );
  }
  return (
    <main className={shared.page} data-testid="site-profile">
      <Banner store={store} />
      <BasicInfo store={store} site={site} />
      <Cooperation store={store} site={site} />
      <Fees store={store} site={site} />
      {store.editable && <DeleteSite store={store} />}
    </main>
  );
});

/** The profile of the route's site (a missing siteId goes back to /site). */
export default function SiteDataScreen() {
  const query = useSiteQuery('siteData');
  return query && <SiteDataPage siteId={query.siteId} />;
}
