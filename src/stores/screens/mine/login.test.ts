import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/outcome';
import { AGREEMENT_REQUIRED } from '@/api/rules';
import * as user from '@/api/user';
import { BindFormStore, FindPassStore, PASSWORDS_DIFFER, RegisterFormStore, SmsSenderStore } from './login';

vi.mock('@/api/user', async (importOriginal) => ({
  ...(await importOriginal<typeof user>()),
  antLogin: vi.fn(),
  antLoginWithPwd: vi.fn(),
  registerFactor: vi.fn(),
  sendVerificationCode: vi.fn(),
  validCode: vi.fn(),
  findPass: vi.fn(),
}));
const api = vi.mocked(user);

/** An alova-like method whose send resolves or rejects. */
const sends = (outcome: unknown) =>
  ({ send: () => (outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome)) }) as never;

const RESULT = { token: 't', permissions: [] } as unknown as user.LoginResult;

beforeEach(() => vi.clearAllMocks());

describe('SmsSenderStore (A §2 获取验证码)', () => {
  afterEach(() => vi.useRealTimers());

  it('validates the phone, sends, counts down the server’s seconds and refuses a second send meanwhile', async () => {
    vi.useFakeTimers();
    const sender = new SmsSenderStore(1, [1002]);
    expect(await sender.send('123')).toEqual({ message: '请输入正确的手机号' });
    api.sendVerificationCode.mockReturnValue(sends({ expireSeconds: 300, resendSeconds: 3 }));
    expect(await sender.send('13800138000')).toEqual({ message: '验证码已发送' });
    expect([sender.left, sender.sent]).toEqual([3, true]);
    expect(await sender.send('13800138000')).toBeNull();
    expect(api.sendVerificationCode).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sender.left).toBe(0);
    sender.dispose();
  });

  // A §2 获取验证码: countdown `{n}s后重新获取` (60 s); A "Business rules: SMS": 60 s between sends per phone.
  it('without the server’s seconds counts down 60 s: at 59 s a send is refused, at 60 s it goes out', async () => {
    vi.useFakeTimers();
    const sender = new SmsSenderStore(1);
    api.sendVerificationCode.mockReturnValue(sends({ expireSeconds: 300 }));
    expect(await sender.send('13800138000')).toEqual({ message: '验证码已发送' });
    expect(sender.left).toBe(60);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(sender.left).toBe(1);
    expect(await sender.send('13800138000')).toBeNull();
    expect(api.sendVerificationCode).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sender.left).toBe(0);
    expect(await sender.send('13800138000')).toEqual({ message: '验证码已发送' });
    expect(api.sendVerificationCode).toHaveBeenCalledTimes(2);
    sender.dispose();
  });

  it('returns a code the screen handles instead of a message', async () => {
    const sender = new SmsSenderStore(1, [1002]);
    api.sendVerificationCode.mockReturnValue(sends(new ApiError('business', 1002, '未注册')));
    expect(await sender.send('13800138000')).toEqual({ handled: 1002 });
  });
});

describe('BindFormStore (/mine/bind)', () => {
  it('starts from the query, validates in field order then the agreement, and logs in once', async () => {
    const completeLogin = vi.fn(() => Promise.resolve());
    const form = new BindFormStore({ completeLogin }, { tab: 'pwd', phone: '13800138000' });
    expect([form.tab, form.phone, form.filled]).toEqual(['pwd', '13800138000', false]);
    form.set('password', '123');
    expect(await form.submit()).toEqual({ kind: 'message', text: '密码至少6位' });
    form.set('password', 'sandbox123');
    expect(await form.submit()).toEqual({ kind: 'message', text: AGREEMENT_REQUIRED });
    form.set('agreed', true);
    api.antLoginWithPwd.mockReturnValue(sends(RESULT));
    const [first, second] = await Promise.all([form.submit(), form.submit()]);
    expect(first).toEqual({ kind: 'done' });
    expect(second).toBeNull();
    expect(api.antLoginWithPwd).toHaveBeenCalledTimes(1);
    expect(completeLogin).toHaveBeenCalledWith(RESULT);
  });

  it('turns 1002 (unregistered) into the register dialog’s outcome', async () => {
    const form = new BindFormStore({ completeLogin: vi.fn() }, {});
    expect(form.tab).toBe('sms');
    form.set('phone', '13800138999');
    form.set('code', '123456');
    form.set('agreed', true);
    api.antLogin.mockReturnValue(sends(new ApiError('business', 1002, '未注册')));
    expect(await form.submit()).toEqual({ kind: 'code', code: 1002 });
    expect(form.submitting).toBe(false);
  });
});

describe('RegisterFormStore (/mine/bind/register)', () => {
  it('checks both passwords and a typed invite code; a preset invite code is upper case and kept', async () => {
    const form = new RegisterFormStore({ completeLogin: vi.fn(() => Promise.resolve()) }, { inviteCode: 'yc8888' });
    expect([form.inviteCode, form.presetInvite]).toEqual(['YC8888', true]);
    form.set('phone', '13800138999');
    form.set('code', '123456');
    form.set('name', '新运营商');
    form.set('password', 'abc12345');
    form.set('confirmPassword', 'abc12346');
    expect(await form.submit()).toEqual({ kind: 'message', text: PASSWORDS_DIFFER });
    form.set('confirmPassword', 'abc12345');
    form.set('agreed', true);
    api.registerFactor.mockReturnValue(sends(new ApiError('business', 1009, '邀请码无效')));
    expect(await form.submit()).toEqual({ kind: 'code', code: 1009 });
    expect(api.registerFactor).toHaveBeenCalledWith(expect.objectContaining({ inviteCode: 'YC8888' }));
  });
});

describe('FindPassStore (/mine/bind/find-pass)', () => {
  it('moves to step 2 after validCode, and back to step 1 with the code cleared when it expired meanwhile', async () => {
    const logoutAfterPasswordReset = vi.fn();
    const form = new FindPassStore({ logoutAfterPasswordReset }, { phone: '13800138000' });
    form.set('code', '123456');
    api.validCode.mockReturnValue(sends({ valid: true }));
    expect(await form.next()).toEqual({ kind: 'done' });
    expect(form.step).toBe(2);
    form.set('password', 'abc12345');
    form.set('confirmPassword', 'abc12345');
    api.findPass.mockReturnValue(sends(new ApiError('business', 1001, '验证码错误')));
    expect(await form.submit()).toEqual({ kind: 'message', text: '验证码已过期，请重新获取' });
    expect([form.step, form.code]).toEqual([1, '']);
    expect(logoutAfterPasswordReset).not.toHaveBeenCalled();
  });
});
