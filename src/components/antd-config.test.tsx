import { cleanup, render, screen } from '@testing-library/react';
import { ActionSheet } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_SHEET_NAME, configureAntdMobile } from './antd-config';

/** antd-mobile's action sheets made valid for screen readers (issue 15; axe aria-required-parent). */
describe('antd-mobile defaults: action sheets', () => {
  beforeAll(() => configureAntdMobile());
  afterEach(cleanup);

  it('an action sheet is a listbox named by its title, around its options (also the cancel one)', async () => {
    render(<ActionSheet visible extra="选择物业" cancelText="取消" actions={[{ key: 1, text: '文新物业' }]} />);
    const sheet = await screen.findByRole('listbox', { name: '选择物业' });
    expect(sheet.querySelectorAll('[role="option"]')).toHaveLength(2);
  });

  it('one without a title is named 请选择', async () => {
    render(<ActionSheet visible actions={[{ key: 'all', text: '全部站点' }]} />);
    expect(await screen.findByRole('listbox', { name: ACTION_SHEET_NAME })).toBeTruthy();
  });
});
