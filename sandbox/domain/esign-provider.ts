import type { Notifier } from '../lib/notifier';
import { signNotification, type SignFlow } from './onboarding';

/**
 * The e-signature provider as the sandbox stands it in (D-income.md §5 /income/sign-agree; issue 8 "The e-sign
 * provider page"): after a signer signs (on its page, or through its API relayed by smsSign action 2) it notifies the
 * backend of the signature (SIGNED, at once) and then of the result (FINISHED, or REJECTED with a reason) — each a
 * signed POST to /api/merchant/esign/notify, retried until acknowledged. The result is FINISHED after
 * DEFAULT_RESULT_DELAY_MS unless a test chose another for the signer's next signing (setVerdict: POST
 * /__sandbox/esign/verdict).
 */

/** The backend's notify endpoint. */
export const ESIGN_NOTIFY_PATH = '/api/merchant/esign/notify';

/** How long the provider takes to finish a signing (real ms). */
export const DEFAULT_RESULT_DELAY_MS = 1500;

/** The result a test chose for a signer's next signing. */
export interface SignVerdict {
  /** 2 签署完成 or 3 签署失败. */
  signStatus: 2 | 3;
  rejectReason: string | null;
  /** Real ms until the result notification (default DEFAULT_RESULT_DELAY_MS). */
  delayMs: number;
}

export class EsignProvider {
  private readonly verdicts = new Map<string, SignVerdict>();

  constructor(private readonly notifier: Notifier) {}

  /** Chooses the result of the next signing of the signer of `phone`. */
  setVerdict(phone: string, verdict: SignVerdict): void {
    this.verdicts.set(phone, verdict);
  }

  /** The signer signed on the provider's page at `at`: the backend hears it now, the result later. */
  async signedOnPage(flow: SignFlow, at: number): Promise<void> {
    const note = signNotification(flow.flowId, 'SIGNED', null, at);
    await this.notifier.sendNow(ESIGN_NOTIFY_PATH, { ...note });
    this.sendResult(flow, at);
  }

  /** Sends the result of a signed flow (FINISHED, or the chosen REJECTED) after its delay. */
  sendResult(flow: SignFlow, at: number): void {
    const verdict = this.verdicts.get(flow.signerPhone) ?? {
      signStatus: 2,
      rejectReason: null,
      delayMs: DEFAULT_RESULT_DELAY_MS,
    };
    this.verdicts.delete(flow.signerPhone);
    const note =
      verdict.signStatus === 2
        ? signNotification(flow.flowId, 'FINISHED', null, at)
        : signNotification(flow.flowId, 'REJECTED', verdict.rejectReason || '签署意愿认证未通过', at);
    this.notifier.send(ESIGN_NOTIFY_PATH, { ...note }, verdict.delayMs);
  }
}
