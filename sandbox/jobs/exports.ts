import type { Transaction } from '@electric-sql/pglite';
import { deliverDoc, EXPORT_DELAY_MS } from '../domain/exports';
import { rows, type Db } from '../lib/db';

/**
 * Item-driven: an export made 生成中 is generated and mailed EXPORT_DELAY_MS (5 s) later (D-income.md Business rules
 * "Exports"; C rule 24): the workbook of its list, mailed to its e-mail (已发送), or 发送失败 when the stood-in mail
 * server refuses the address (domain/exports.ts deliverDoc).
 */

/** The earliest instant a record 生成中 is due, or null. */
export async function nextExportDue(db: Db): Promise<number | null> {
  const result = await db.query<{ t: number | null }>('select min(update_time) as t from doc_record where status = 1');
  const t = result.rows[0]?.t;
  return t === null || t === undefined ? null : Number(t) + EXPORT_DELAY_MS;
}

/** Generates and mails every record 生成中 whose 5 s are over at `at`. */
export async function generateExports(tx: Transaction, at: number): Promise<void> {
  const due = await rows<{ id: number; email: string }>(
    tx,
    'select id, email from doc_record where status = 1 and update_time + $1 <= $2 order by update_time, id',
    [EXPORT_DELAY_MS, at],
  );
  for (const d of due) await deliverDoc(tx, Number(d.id), d.email, at);
}
