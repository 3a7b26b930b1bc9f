import { describe, expect, it } from 'vitest';
import { withSeenIds, type WalkRoute } from '../e2e/walk';

/** The walk's second way to a screen (test/e2e/walk.ts withSeenIds): the ids its addresses carry. */

const route = (name: string, path: string, required: string[]): WalkRoute =>
  ({ name, path, title: name, required, days: [] }) as unknown as WalkRoute;

describe('withSeenIds', () => {
  const routes = [
    route('siteInfo', '/site/siteInfo', ['siteId']),
    route('cardInfo', '/card/info', ['cardId', 'cardType']),
    route('cardRecharge', '/card/recharge', ['cardId', 'cardType']),
    route('signalSetting', '/box/signal', ['siteId', 'boxId']),
    route('orderInfo', '/order/:id', [':id']),
  ];

  it('gives a missing route the ids of the found address that has most of what it needs, together', () => {
    const found = new Map([
      ['siteInfo', '/site/siteInfo?siteId=3'],
      ['cardInfo', '/card/info?cardId=7&cardType=1'],
      ['other', '/other?cardId=9'],
    ]) as never;
    const made = withSeenIds(routes, found);
    expect(made.get('cardRecharge' as never)).toBe('/card/recharge?cardId=7&cardType=1');
  });

  it('leaves out a route whose ids no address carries, a path parameter, and the routes already found', () => {
    const found = new Map([['siteInfo', '/site/siteInfo?siteId=3']]) as never;
    const made = withSeenIds(routes, found);
    expect([...made.keys()]).toEqual([]);
  });

  it('takes what the best address lacks from any other', () => {
    const found = new Map([
      ['siteInfo', '/site/siteInfo?siteId=3'],
      ['boxes', '/boxes?boxId=11'],
    ]) as never;
    expect(withSeenIds(routes, found).get('signalSetting' as never)).toBe('/box/signal?siteId=3&boxId=11');
  });
});
