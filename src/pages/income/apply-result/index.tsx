import { PullToRefresh } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { useIsBuilt } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatTime } from '@/lib/time';
import { Block, Failed, Loading, Page } from '@/sections/income/parts';
import styles from '@/sections/income/onboarding.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { applyResultStore } from '@/stores/screens/income/apply-result';

/**
 * /income/apply-result — 认证信息变更申请 (D-income.md §5 "/income/apply-result"): the status hero (审核中, 变更已生效
 * with auditTime, 未通过 with the reason), 变更内容 (原 struck through → 新, masked by the server), 申请编号 / 申请时间 /
 * 审核时间, the 重新签署 bar when an approved change needs a new signing, and 重新修改 / 去签约 / 完成.
 */

const HERO = {
  1: { title: '变更申请已提交', icon: ClockCircleFill, color: 'var(--warning)' },
  2: { title: '变更已生效', icon: CheckCircleFill, color: 'var(--success)' },
  3: { title: '变更申请未通过', icon: CloseCircleFill, color: 'var(--danger)' },
} as const;

const ApplyResult = observer(function ApplyResult() {
  const query = useRouteQuery('applyResult');
  const store = useScreenStore(applyResultStore, query?.id ?? null);
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  useEffect(() => {
    void store.load();
  }, [store]);

  if (store.entity.failed) return <Failed onRetry={() => void store.load()} />;
  if (!store.entity.data) return <Loading />;
  const view = store.view;
  if (view.kind !== 'apply')
    return (
      <Page testId="apply-result-page">
        <Block>
          <p className={styles.muted}>{view.kind === 'none' ? '暂无变更申请' : '申请记录不存在'}</p>
          <Button onClick={() => void navigate(-1)}>返回</Button>
        </Block>
      </Page>
    );
  const apply = view.apply;
  const hero = HERO[apply.status];
  const Icon = hero.icon;
  const editContract = href('editContract');
  const signAgree = href('signAgree');
  return (
    <Page testId="apply-result-page">
      <PullToRefresh onRefresh={() => store.load().then(() => undefined)}>
        <Block testId="apply-hero">
          <div className={styles.hero}>
            <Icon className={styles.heroIcon} style={{ color: hero.color }} aria-hidden />
            <p className={styles.heroTitle}>{hero.title}</p>
            {apply.status === 1 && <p className={styles.muted}>预计1-3个工作日完成审核，审核期间原认证信息继续有效</p>}
            {apply.status === 2 && <p className={styles.muted}>{formatTime(apply.auditTime)}</p>}
            {apply.status === 3 && apply.rejectReason && <div className={styles.dangerBox}>{apply.rejectReason}</div>}
          </div>
        </Block>
        {apply.needResign && apply.status === 2 && (
          <div className={styles.warnBox}>
            <span>主体或签约人已变更，请重新签署电子协议</span>
            {isBuilt(signAgree) && (
              <Button size="small" color="primary" onClick={() => void navigate(signAgree)}>
                去签约
              </Button>
            )}
          </div>
        )}
        <Block title="变更内容">
          {apply.changes.map((c) => (
            <div key={c.field} className={styles.line}>
              <span>{c.label}</span>
              <span>
                <span className={styles.struck}>原：{c.oldValue}</span>
                <br />
                新：{c.newValue}
              </span>
            </div>
          ))}
        </Block>
        <Block>
          <div className={styles.line}>
            <span>申请编号</span>
            <span data-testid="apply-no">{apply.applyNo}</span>
          </div>
          <div className={styles.line}>
            <span>申请时间</span>
            <span>{formatTime(apply.applyTime)}</span>
          </div>
          <div className={styles.line}>
            <span>审核时间</span>
            <span>{apply.auditTime ? formatTime(apply.auditTime) : '--'}</span>
          </div>
        </Block>
        <div className={styles.actions}>
          {apply.status === 3 && isBuilt(editContract) && (
            <Button
              block
              color="primary"
              onClick={() => {
                store.redo();
                void navigate(editContract);
              }}
            >
              重新修改
            </Button>
          )}
          <Button block onClick={() => void navigate(href('income'), { replace: true })}>
            完成
          </Button>
        </div>
      </PullToRefresh>
    </Page>
  );
});

export default ApplyResult;
