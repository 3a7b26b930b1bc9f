import { Badge } from 'antd-mobile';
import type { ReactNode } from 'react';
import { badgeText } from './badge';
import styles from './function-grid.module.css';
import { EntryLink, useIsBuilt } from './route-availability';

/**
 * The function grid of the hub screens (A-shell-home-settlement.md §3 常用功能, D-income.md §1 功能, C-mine.md /mine
 * menu groups): an icon with its label, an optional count badge and status line, four a row. An entry leads to a
 * route (made with href) and shows only when that screen is built; an entry without a route is a button (its
 * `onClick`, e.g. 推广海报's sheet). Which entries an account sees is decided by the screen's store.
 */

/** One entry of the grid. */
export interface GridEntry {
  /** Stable key (also the entry's test id suffix). */
  key: string;
  label: string;
  icon: ReactNode;
  /** Address made with href(); null for an entry that opens something in place (then `onClick`). */
  to: string | null;
  onClick?: () => void;
  /** A count shown as a badge on the icon (0 or undefined: none). */
  badge?: number;
  /** A short status line under the label (认证中, 已开户 …). */
  status?: string | null;
  testId?: string;
}

/** The grid; renders nothing when no entry is left to show. */
export function FunctionGrid({ entries, testId }: { entries: readonly GridEntry[]; testId?: string }) {
  const isBuilt = useIsBuilt();
  const visible = entries.filter((entry) => (entry.to === null ? entry.onClick !== undefined : isBuilt(entry.to)));
  if (visible.length === 0) return null;
  return (
    <div className={styles.grid} data-testid={testId}>
      {visible.map((entry) => {
        const body = (
          <>
            <Badge content={badgeText(entry.badge)}>
              <span className={styles.icon}>{entry.icon}</span>
            </Badge>
            <span className={styles.label}>{entry.label}</span>
            {entry.status && <small className={styles.status}>{entry.status}</small>}
          </>
        );
        return entry.to === null ? (
          <button
            key={entry.key}
            type="button"
            className={styles.entry}
            data-testid={entry.testId}
            onClick={entry.onClick}
          >
            {body}
          </button>
        ) : (
          <EntryLink key={entry.key} to={entry.to} className={styles.entry} testId={entry.testId}>
            {body}
          </EntryLink>
        );
      })}
    </div>
  );
}
