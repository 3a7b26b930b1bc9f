/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A small mobile HTML page (sandbox-only pages: authorisation, preview). */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;background:#f5f6f7;color:#1f2329}
main{max-width:420px;margin:0 auto;padding:32px 20px;text-align:center}
.card{background:#fff;border-radius:12px;padding:24px 16px;margin:16px 0}
h1{font-size:18px;margin:12px 0}p{color:#86909c;font-size:14px;line-height:1.6}
button,.button{display:block;width:100%;height:44px;border:0;border-radius:22px;font-size:16px;margin-top:12px;text-decoration:none;line-height:44px}
.primary{background:#07c160;color:#fff}.alipay{background:#1677ff;color:#fff}.ghost{background:#fff;color:#1f2329;border:1px solid #e5e6eb}
code{background:#f2f3f5;padding:2px 4px;border-radius:4px;font-size:12px;word-break:break-all}
.phone{border:0;width:390px;height:780px;border-radius:24px;box-shadow:0 8px 32px rgba(0,0,0,.15);background:#fff}
.row{display:flex;gap:12px}.row>*{flex:1}
</style></head><body><main>${body}</main></body></html>`;
}
