import { cleanup, render, screen } from '@testing-library/react';
// eslint-disable-next-line architecture/project-button -- antd-mobile's own, to show the fault this component mends
import { Button as AntdButton } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_WORD, Button, busyButtonText } from './button';

/**
 * A busy button keeps an accessible name (issue 15 "Readable"; axe button-name is critical): the names are computed
 * as a screen reader would (Testing Library's role query, dom-accessibility-api), from the rendered DOM.
 */
describe('the project Button', () => {
  afterEach(cleanup);

  /** How many of the buttons rendered have no accessible name. */
  const unnamed = () =>
    screen.getAllByRole('button').length - screen.queryAllByRole('button', { name: (name) => /\S/.test(name) }).length;

  it('antd-mobile’s own busy button has no name (what this component is for)', () => {
    render(<AntdButton loading>确认提现</AntdButton>);
    expect(unnamed()).toBe(1);
  });

  it('a busy button says its own text, also when written among elements', () => {
    render(
      <>
        <Button loading color="primary">
          确认提现
        </Button>
        <Button loading>
          <AddOutline /> 新增小区
        </Button>
        <Button loading>{['共', 3, '张']}</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: '确认提现' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增小区' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '共3张' })).toBeTruthy();
    expect(unnamed()).toBe(0);
  });

  it('keeps a screen’s own loadingText', () => {
    render(
      <Button loading loadingText="退款中">
        确认退款
      </Button>,
    );
    expect(screen.getByRole('button', { name: '退款中' })).toBeTruthy();
  });

  it('a busy button without text says 处理中; an icon button named by aria-label keeps that name', () => {
    render(
      <>
        <Button loading>
          <AddOutline />
        </Button>
        <Button loading aria-label="刷新">
          <AddOutline />
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: BUSY_WORD })).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新' })).toBeTruthy();
  });

  it('shows its content, not the busy text, when not busy', () => {
    render(<Button>保存</Button>);
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
    expect(screen.queryByText(BUSY_WORD)).toBeNull();
  });

  it('busyButtonText: loadingText, else the text, else 处理中 (none with an aria-label)', () => {
    expect(busyButtonText({ loadingText: '注销中', children: '注销卡片' })).toBe('注销中');
    expect(busyButtonText({ children: ['  确认 ', ' 提现'] })).toBe('确认 提现');
    expect(busyButtonText({ children: null })).toBe(BUSY_WORD);
    expect(busyButtonText({ children: <AddOutline />, 'aria-label': '刷新' })).toBeUndefined();
  });
});
