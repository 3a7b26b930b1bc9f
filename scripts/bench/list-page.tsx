import 'antd-mobile/es/global';
import { createRoot } from 'react-dom/client';
import { configureHttp, post } from '../../src/api/http';
import { PagedList } from '../../src/components/paged-list';
import '../../src/app/styles.css';

/**
 * The list of the benchmark (npm run bench; built only for it, never part of an app bundle): 5 000 rows of the shape
 * of a site-list card through the shared PagedList, answered by a stand-in fetch in one page.
 */

interface BenchRow {
  id: number;
  name: string;
  address: string;
  online: number;
  total: number;
}

const ROWS = 5000;
const rows: BenchRow[] = Array.from({ length: ROWS }, (_, i) => ({
  id: i + 1,
  name: `翠苑一区${(i % 40) + 1}栋车棚 ${i + 1}`,
  address: `杭州市西湖区文三路${100 + (i % 300)}号附近车棚`,
  online: i % 11,
  total: 10 + (i % 3),
}));

window.fetch = async () =>
  new Response(JSON.stringify({ code: 0, message: 'success', data: { list: rows, total: ROWS } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

configureHttp({
  client: 'r9a_weixin',
  getToken: () => null,
  getAuthCode: () => null,
  effects: {
    toast: () => undefined,
    setLoading: () => undefined,
    clearStorage: () => undefined,
    closeWindow: () => undefined,
    schedule: (fn, ms) => void setTimeout(fn, ms),
  },
});

function Row({ row }: { row: BenchRow }) {
  return (
    <div
      className="bench-row"
      style={{ margin: '0 12px 12px', padding: '12px 16px', background: '#fff', borderRadius: 12 }}
    >
      <strong>{row.name}</strong>
      <div style={{ color: '#86909c', fontSize: 12, marginTop: 4 }}>{row.address}</div>
      <div style={{ display: 'flex', gap: 16, fontSize: 12, marginTop: 8 }}>
        <span>
          设备 在线 <b>{row.online}</b>/{row.total}
        </span>
        <span>今日订单 {row.id % 17}</span>
      </div>
    </div>
  );
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <main>
      <PagedList<BenchRow>
        testId="bench-list"
        pageSize={ROWS}
        fetchPage={(pageNum, pageSize) => post('/bench/list', { pageNum, pageSize }, { loading: false })}
        itemKey={(row) => row.id}
        estimateSize={96}
        renderItem={(row) => <Row row={row} />}
        empty={<p>没有数据</p>}
      />
    </main>,
  );
}
