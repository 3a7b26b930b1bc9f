import { clsx } from 'clsx';
import { Link, type LinkProps } from 'react-router';
import styles from './links.module.css';

/**
 * The app's links (issue 30 item 1: rows, cards and entries drawn as inline hyperlinks, underlined, shrunk to a strip).
 * React Router's Link with the defaults of what it is; the screen's `className` still decides layout and colour.
 * A link inside a sentence (忘记密码？, an agreement's name) stays a plain Link, underlined as running text.
 */

/** A row, card, tile or entry that opens a screen: a block, the colour of where it stands, not underlined. */
export function RowLink({ className, ...props }: LinkProps) {
  return <Link className={clsx(styles.row, className)} {...props} />;
}

/** An action beside a title or a figure (查看全部, 记录, 修改): brand-coloured, not underlined, 24 px high at least. */
export function ActionLink({ className, ...props }: LinkProps) {
  return <Link className={clsx(styles.action, className)} {...props} />;
}
