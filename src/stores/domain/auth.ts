import { makeAutoObservable } from 'mobx';
import { ApiError } from '@/api/outcome';
import { getCommercialInfo, silentLogin, type LoginResult } from '@/api/user';
import { STORAGE_KEYS } from '@/config/constants';
import { writeItem } from '@/lib/storage';
import { pathOf } from '@/config/routes';
import type { RootStore } from '@/stores/root';

/**
 * Login flows shared by /mine/bind, register and find-pass (A-shell-home-settlement.md §2).
 */

/**
 * Where a successful login goes (A §2 step 5): /home with the kept query minus the OAuth parameters
 * (code, auth_code).
 */
export function afterLoginTarget(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('code');
  params.delete('auth_code');
  const query = params.toString();
  return query ? `${pathOf('home')}?${query}` : pathOf('home');
}

/** The auth store: silent login with the session's platform code, and storing a login. */
export class AuthStore {
  /** True while the silent login runs (the bind page shows 正在登录…). */
  silentLoginRunning = false;

  constructor(private readonly root: RootStore) {
    makeAutoObservable(this);
  }

  /**
   * Tries the silent login with the session auth code (A §2 action 1; errors silenced). Resolves 'bound' when the
   * platform user was bound and the login is stored, 'form' when the form is to be shown (no code, not bound, a
   * network failure, or a refused code after the one new authorisation), and 'reauthorizing' when the server refused
   * the code (unknown, used or expired; issue 12) and the app is going back to the platform's authorisation page for
   * a fresh one (spec §4 step 4; once per browser session), so the page keeps its loader while the browser leaves.
   */
  async trySilentLogin(): Promise<'bound' | 'form' | 'reauthorizing'> {
    const code = this.root.session.authCode;
    if (!code) return 'form';
    this.silentLoginRunning = true;
    try {
      const result = await silentLogin(this.root.platform.silentLogin, code);
      if (!result.bound) return 'form';
      await this.completeLogin(result);
      return 'bound';
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'business' && this.root.session.startReauthorization()) {
        const platform = this.root.platform;
        writeItem('session', STORAGE_KEYS.appId, platform.appId);
        // Spec §4 step 4: the authorisation returns to the app's home route.
        window.location.replace(platform.authorizeUrl(`${window.location.origin}${pathOf('home')}`));
        return 'reauthorizing';
      }
      return 'form';
    } finally {
      this.setSilentLoginRunning(false);
    }
  }

  private setSilentLoginRunning(on: boolean): void {
    this.silentLoginRunning = on;
  }

  /**
   * Stores a login (A §2 step 5): TOKEN, PERMISSION, ExtendPermission; merchant base info from getCommercialInfo
   * (its failure is toasted by the request layer and does not undo the login); footer navigation on.
   */
  async completeLogin(result: LoginResult): Promise<void> {
    this.root.session.applyLogin(result);
    this.root.ui.setFooterNav(true);
    await this.loadMerchantInfo();
  }

  /** Loads merchant base info (getCommercialInfo); resolves false when it failed. */
  async loadMerchantInfo(): Promise<boolean> {
    try {
      this.root.merchant.setInfo(await getCommercialInfo());
      return true;
    } catch {
      return false;
    }
  }

  /** Forgets the login after a password reset (A §2 find-pass: TOKEN, PERMISSION, ExtendPermission cleared). */
  logoutAfterPasswordReset(): void {
    this.root.session.clearLogin();
    this.root.merchant.clear();
    this.root.deviceInstalments.set([]);
    this.root.ui.setFooterNav(false);
  }
}
