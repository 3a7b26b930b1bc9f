import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError } from '@/api/outcome';
import { createRequestId } from '@/lib/nonce';

/**
 * One money action of a form (D-income.md §0.5; a card recharge, an activation, a factory reset, an old-card
 * replacement, a refund, a remote start): the requestId is made when the form opens and kept until the server has
 * answered, so that a retry after a timeout or a lost connection is answered with the first result; the action runs
 * once at a time — taps while it runs are ignored and the form's button shows `busy`. After a definitive answer (done,
 * or a business refusal the user can correct) the next submission gets a new requestId.
 */
export class MoneyAction {
  /** The requestId the next submission sends (32 hex). */
  requestId = createRequestId();
  /** True from the first tap until the answer, its confirmation dialog included: further taps are ignored. */
  busy = false;
  /**
   * True only while the call is on its way, after the confirmation: what the form's button shows as loading (退款中),
   * so that behind an open dialog the form does not already say it is sending (issue 30: the refund sheet stood on
   * 退款中 behind its confirmation).
   */
  sending = false;

  constructor() {
    makeAutoObservable(this);
  }

  /**
   * Sends `call` with the current requestId unless one is running (then resolves undefined at once). With `ask` (the
   * confirmation dialog), the action is busy from the first tap: while the dialog is open further taps are ignored
   * (no second dialog), and a cancel resolves undefined without sending. Resolves the answer, or undefined when it
   * was cancelled or failed (the request layer told the user why). Never rejects.
   */
  async run<T>(call: (requestId: string) => PromiseLike<T>, ask?: () => PromiseLike<boolean>): Promise<T | undefined> {
    if (this.busy) return undefined;
    this.busy = true;
    try {
      if (ask && !(await ask())) return undefined;
      runInAction(() => {
        this.sending = true;
      });
      const answer = await call(this.requestId);
      runInAction(() => {
        this.requestId = createRequestId();
      });
      return answer;
    } catch (error) {
      // A business refusal is the server's answer to this request: the corrected form is a new request. A timeout or
      // a lost connection may have reached the server: the retry sends the same requestId.
      if (error instanceof ApiError && error.kind === 'business') {
        runInAction(() => {
          this.requestId = createRequestId();
        });
      }
      return undefined;
    } finally {
      runInAction(() => {
        this.busy = false;
        this.sending = false;
      });
    }
  }
}
