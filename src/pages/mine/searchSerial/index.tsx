import { SearchBar, Tag } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { BoxListRow } from '@/api/device-setup';
import type { Page } from '@/api/http';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { DEVICE_STATUS } from '@/lib/device-status';
import styles from '@/sections/mine/riders.module.css';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { searchSerialStore } from '@/stores/screens/mine/remote-charge';

/**
 * /mine/searchSerial — 选择设备 (C-mine.md searchSerial): the caller's charging boxes (serial, name, site, 在线/离线,
 * "空闲 x/y 口"), searchable (≤ 30) through the shared list; a tap, or a scanned device code (parsed as the site
 * section does; WeChat QR and bar codes, Alipay QR), chooses the box for remote charging and goes back.
 */
const SearchSerial = observer(function SearchSerial() {
  const store = useScreenStore(searchSerialStore);
  const root = useStores();
  const navigate = useNavigate();
  const scan = async () => {
    const text = await root.platform.scan();
    if (text === null) return;
    const refusal = await store.scanned(text);
    if (refusal) toast(refusal);
    else void navigate(-1);
  };
  return (
    <main className={styles.page}>
      <div className={styles.inline}>
        <SearchBar
          placeholder="设备编号 / 名称 / 站点"
          maxLength={30}
          value={store.keyword}
          onChange={(v) => store.setKeyword(v)}
        />
        <Button size="mini" fill="none" aria-label="扫码" onClick={() => void scan()}>
          <ScanningOutline fontSize={22} />
        </Button>
      </div>
      <div className={styles.spacer} />
      <PagedList<BoxListRow, Page<BoxListRow>>
        testId="box-list"
        fetchPage={(pageNum, pageSize) => store.page(pageNum, pageSize)}
        watch={[store.keyword.trim()]}
        debounceMs={300}
        itemKey={(b) => b.id}
        estimateSize={76}
        skeletonRows={5}
        renderItem={(b) => (
          <div
            className={styles.item}
            role="button"
            data-testid={`box-${b.serialNumber}`}
            onClick={() => {
              store.choose(b);
              void navigate(-1);
            }}
          >
            <div className={styles.itemHead}>
              <b>{b.serialNumber}</b>
              <Tag color={DEVICE_STATUS[b.status]?.tone ?? 'default'} fill="outline">
                {DEVICE_STATUS[b.status]?.label ?? '--'}
              </Tag>
            </div>
            <div className={styles.itemLine}>
              <span>
                {b.remark || '--'} · {b.siteName || '--'}
              </span>
              <span>
                空闲 {b.idleCount}/{b.socketCount} 口
              </span>
            </div>
          </div>
        )}
        empty={<p>未找到相关设备</p>}
      />
    </main>
  );
});

export default SearchSerial;
