import { Input, List, Popup, SearchBar, SwipeAction, Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { Button } from '@/components/button';
import type { WhiteRow } from '@/api/device';
import { confirm, toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { whiteExpired } from '@/lib/device-status';
import { maskPhone } from '@/lib/phone';
import { dayOf } from '@/lib/time';
import type { WhiteForm, WhitelistStore } from '@/stores/screens/site/site-devices';
import list from '@/sections/site/device-list.module.css';
import styles from './guard-list.module.css';

/**
 * The 门禁白名单 popup of the guard list (B-site.md §2): the community's residents allowed through its door guards and
 * gates — search (name/phone/room), rows (name, masked phone, 房号, 有效期 长期/date, tag 已过期) in the shared list
 * scrolling inside the popup (infinite scroll, pull-to-refresh), 新增 and swipe 编辑/删除 for those who may edit, with
 * the form's validation messages.
 */

const EMPTY_FORM: WhiteForm = { name: '', phone: '', roomNo: '', expireDate: '' };

/** The add/edit form (a bottom sheet over the list). */
function WhiteFormSheet({
  store,
  initial,
  onClose,
}: {
  store: WhitelistStore;
  initial: WhiteForm | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState<WhiteForm>(initial ?? EMPTY_FORM);
  const [message, setMessage] = useState<string | null>(null);
  const [shown, setShown] = useState(initial);
  const [today] = useState(() => dayOf(Date.now()));
  if (initial !== shown) {
    // Each opening starts from the entry edited (or an empty form).
    setShown(initial);
    setForm(initial ?? EMPTY_FORM);
    setMessage(null);
  }
  const set = (field: keyof WhiteForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setMessage(null);
  };
  const save = async () => {
    const outcome = await store.save(form);
    if (outcome.ok) {
      toast('保存成功');
      onClose();
    } else if (outcome.message) {
      setMessage(outcome.message);
    }
  };
  return (
    <Popup visible={initial !== null} onMaskClick={onClose} onClose={onClose} bodyClassName={list.sheet}>
      <h3>{form.id ? '编辑白名单' : '新增白名单'}</h3>
      <List className={styles.form}>
        <List.Item prefix="姓名">
          <Input
            name="whiteName"
            aria-label="姓名"
            value={form.name}
            onChange={set('name')}
            placeholder="请输入姓名"
            clearable
          />
        </List.Item>
        <List.Item prefix="手机号">
          <Input
            name="whitePhone"
            aria-label="手机号"
            type="tel"
            value={form.phone}
            onChange={set('phone')}
            placeholder="请输入手机号"
            maxLength={11}
            clearable
          />
        </List.Item>
        <List.Item prefix="房号">
          <Input
            name="whiteRoom"
            aria-label="房号"
            value={form.roomNo}
            onChange={set('roomNo')}
            placeholder="如 3栋2单元501"
            clearable
          />
        </List.Item>
        <List.Item prefix="有效期" description="不填为长期有效">
          <input
            name="whiteExpire"
            aria-label="有效期"
            type="date"
            value={form.expireDate}
            min={today}
            onChange={(event) => set('expireDate')(event.target.value)}
          />
        </List.Item>
      </List>
      {message && (
        <p className={list.formError} role="alert">
          {message}
        </p>
      )}
      <Button
        block
        color="primary"
        className={list.sheetSubmit}
        disabled={store.actions.busy('save')}
        onClick={() => void save()}
      >
        保存
      </Button>
    </Popup>
  );
}

const WhiteRowView = observer(function WhiteRowView({
  row,
  store,
  editable,
  onEdit,
}: {
  row: WhiteRow;
  store: WhitelistStore;
  editable: boolean;
  onEdit: (row: WhiteRow) => void;
}) {
  const today = dayOf(Date.now());
  const body = (
    <div className={styles.row} data-testid={`white-${row.id}`}>
      <div className={styles.rowLine}>
        <b>{row.name}</b>
        <span>{maskPhone(row.phone)}</span>
        {whiteExpired(row.expireDate, today) && <Tag color="danger">已过期</Tag>}
      </div>
      <div className={styles.rowSub}>
        房号 {row.roomNo} · 有效期 {row.expireDate ?? '长期'}
      </div>
    </div>
  );
  if (!editable) return body;
  return (
    <SwipeAction
      rightActions={[
        { key: 'edit', text: '编辑', color: 'primary', onClick: () => onEdit(row) },
        {
          key: 'delete',
          text: '删除',
          color: 'danger',
          onClick: async () => {
            if (!(await confirm('删除白名单', '确定删除该白名单？', '删除'))) return;
            if (await store.remove(row)) toast('已删除');
          },
        },
      ]}
    >
      {body}
    </SwipeAction>
  );
});

/** The full-height whitelist popup. */
export const WhitelistPopup = observer(function WhitelistPopup({
  store,
  open,
  editable,
  onClose,
}: {
  store: WhitelistStore;
  open: boolean;
  editable: boolean;
  onClose: () => void;
}) {
  const [editing, setEditing] = useState<WhiteForm | null>(null);
  const [text, setText] = useState(store.keyword);
  const body = useRef<HTMLDivElement>(null);
  const search = (value: string) => store.setKeyword(value);
  return (
    <Popup visible={open} onClose={onClose} position="bottom" bodyClassName={styles.popup} destroyOnClose>
      <div className={styles.popupHead}>
        <h3>门禁白名单{store.count !== null ? `（${store.count}人）` : ''}</h3>
        {editable && (
          <Button size="small" color="primary" onClick={() => setEditing({ ...EMPTY_FORM })}>
            新增
          </Button>
        )}
        <Button size="small" onClick={onClose}>
          关闭
        </Button>
      </div>
      <SearchBar
        placeholder="姓名/手机号/房号"
        maxLength={30}
        value={text}
        onChange={setText}
        onSearch={search}
        onClear={() => search('')}
      />
      <div className={styles.popupBody} ref={body}>
        <PagedList<WhiteRow>
          testId="white-list"
          scrollParent={body}
          fetchPage={store.fetchPage}
          watch={store.watch}
          itemKey={(row) => row.id}
          estimateSize={60}
          skeletonRows={4}
          renderItem={(row) => (
            <WhiteRowView
              row={row}
              store={store}
              editable={editable}
              onEdit={(r) =>
                setEditing({ id: r.id, name: r.name, phone: r.phone, roomNo: r.roomNo, expireDate: r.expireDate ?? '' })
              }
            />
          )}
          onRefresh={() => store.loadCount()}
          empty={<p>{store.keyword ? '没有符合条件的白名单' : '暂无白名单，点击新增'}</p>}
        />
      </div>
      <WhiteFormSheet store={store} initial={editing} onClose={() => setEditing(null)} />
    </Popup>
  );
});
