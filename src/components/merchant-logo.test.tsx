import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MerchantLogo } from './merchant-logo';

/** The headers' merchant logo (issue 13 item 7): the image, else the name's first character, never a broken image. */
describe('MerchantLogo', () => {
  afterEach(cleanup);

  it('shows the logo, and the first character of the name once the image fails to load', () => {
    const { container } = render(<MerchantLogo src="/__sandbox/static/logo-yichong.png" name="杭州易充科技" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toMatch(/\/__sandbox\/static\/logo-yichong\.png$/);
    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('merchant-initial').textContent).toBe('杭');
  });

  it('shows the initial when there is no logo or it is not a safe address', () => {
    render(<MerchantLogo src="" name=" 翠苑物业" />);
    expect(screen.getByTestId('merchant-initial').textContent).toBe('翠');
    cleanup();
    const { container } = render(<MerchantLogo src="javascript:alert(1)" name="文新物业" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('merchant-initial').textContent).toBe('文');
  });
});
