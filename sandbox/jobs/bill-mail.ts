import type { Transaction } from '@electric-sql/pglite';
import { DOC_TYPE_NAMES } from '../../src/api/export-rules';
import { siteBillTable } from '../api/statement-exports';
import { createDocRecord, workbookOf } from '../domain/exports';
import { ownerScope } from '../http/access';
import { one, rows } from '../lib/db';
import { addMonths, dayOf, lastDayOfMonth, monthOf } from '../lib/time';

/**
 * The bill day's mail of 账单设置 (D-income.md §4 /income/statement/bill/siteBill "账单设置": 出账日 and 账单接收邮箱;
 * entities.md §75 BillSetting): daily at 08:00 Asia/Shanghai (SCHEDULE.billMail), every setting whose billDay is
 * today's day of the month and that has an e-mail gets last month's 站点账单 of its sites — the docType 9 export
 * (api/statement-exports.ts siteBillTable: the rows of the owner's site-bill list, 已出账 since 00:00 of this day) as a
 * DocRecord 生成中 of the setting's owner (it shows in their 下载中心), mailed to the setting's e-mail 5 s later by the
 * job exportGeneration like every export (发送失败 when the address is refused).
 *
 * Exactly once per setting and month: the key (setting_id, month) of table bill_mail is taken before anything is
 * written, in the run's transaction, so a day passed twice, a clock put back and moved again, or two runs at once
 * never mail a month twice (a setting edited to a later bill day within the month is not mailed again either).
 * A setting without e-mail, a deleted one (its rows go with it), one whose owner is not 正常, or one without any of
 * its sites left in the owner's list sends nothing.
 */

interface DueSetting {
  id: number;
  accountId: number;
  merchantName: string;
  siteIds: number[];
  email: string;
}

/** Mails last month's site bills of every setting whose bill day is the day of `at` (epoch ms). */
export async function mailSiteBills(tx: Transaction, at: number): Promise<void> {
  const today = dayOf(at);
  const month = addMonths(monthOf(at), -1);
  const due = await rows<DueSetting>(
    tx,
    `select b.id, b.account_id, m.name as merchant_name, b.site_ids, trim(b.email) as email
     from bill_setting b join account m on m.id = b.merchant_id
     where b.bill_day = $1 and nullif(trim(b.email), '') is not null order by b.id`,
    [Number(today.slice(8, 10))],
  );
  for (const setting of due) {
    const claimed = await one<{ settingId: number }>(
      tx,
      `insert into bill_mail (setting_id, month, create_time) values ($1, $2, $3)
       on conflict (setting_id, month) do nothing returning setting_id`,
      [setting.id, month, at],
    );
    if (!claimed) continue;
    const scope = await ownerScope(tx, Number(setting.accountId));
    if (!scope) continue;
    const { table } = await siteBillTable(tx, scope, { month, siteIds: setting.siteIds.map(Number) }, at);
    if (table.rows.length === 0) continue;
    const docId = await createDocRecord(
      tx,
      {
        merchantId: scope.ownerId,
        accountId: scope.ownerId,
        docType: 9,
        params: {
          month,
          startDate: `${month}-01`,
          endDate: lastDayOfMonth(`${month}-01`),
          siteIds: setting.siteIds.map(Number),
        },
        conditions: `${month} · 物业：${setting.merchantName} · 出账日自动发送`,
        fileName: `${DOC_TYPE_NAMES[9]}_${month}_${setting.merchantName}.xlsx`,
        email: setting.email,
        content: await workbookOf(table),
      },
      at,
    );
    await tx.query('update bill_mail set doc_id = $3 where setting_id = $1 and month = $2', [setting.id, month, docId]);
  }
}
