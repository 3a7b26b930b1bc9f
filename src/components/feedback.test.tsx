// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNonce } from '@/lib/nonce';
import { wireAntdMobileRender } from './antd-render';
import { showAlert, toast } from './feedback';

/**
 * The shell's feedback (spec §2 alert dialog, §8/§9 toasts, §9 nonce length). jsdom, where DOMPurify works as in the
 * webviews.
 */
describe('feedback', () => {
  beforeAll(() => wireAntdMobileRender());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('toasts centred for 2000 ms', async () => {
    const show = vi.spyOn(Toast, 'show');
    toast('网络异常');
    await screen.findByText('网络异常');
    expect(show).toHaveBeenCalledWith({ content: '网络异常', duration: 2000, position: 'center' });
  });

  it('the alert dialog shows a title, sanitised HTML and 确定 by default; it resolves on confirm', async () => {
    let confirmed = false;
    const done = showAlert({
      title: '用户服务协议',
      html: '<p>第一条</p><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
    }).then(() => {
      confirmed = true;
    });
    await screen.findByText('用户服务协议');
    // The sanitised HTML's container: the parent of its first paragraph.
    const content = screen.getByText('第一条').parentElement?.innerHTML ?? '';
    expect(content).not.toContain('onerror');
    expect(content).not.toContain('<script');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    // The content scrolls (at most 60 % of the screen): a keyboard reaches it, and it is named by the dialog's title.
    const region = screen.getByRole('group', { name: '用户服务协议内容' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByText('第一条'))).toBe(true);
    fireEvent.click(screen.getByText('确定'));
    await done;
    expect(confirmed).toBe(true);
  });

  it('creates 32-character nonces of letters and digits', () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(createNonce()).not.toBe(a);
    expect(createNonce(8)).toHaveLength(8);
  });
});
