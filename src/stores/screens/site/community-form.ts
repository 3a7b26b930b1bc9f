import { makeAutoObservable } from 'mobx';
import { addCommunity, modifyCommunity, type CommunityFields, type CommunityInfo } from '@/api/site';
import { firstFailure } from '@/api/rules';
import {
  addressRule,
  communityNameRule,
  communityRemarkRule,
  householdTextRule,
  propertyNameRule,
  regionPartRule,
} from '@/api/site-rules';
import { ActionGuard } from '@/stores/support/action-guard';

/**
 * The community form of the site list's 小区 segment (B-site.md §1: 新增小区 / 编辑 → form popup → save → toast 保存成功,
 * list and counts refreshed): its values as typed, the validation of §1 with its messages, and the save call.
 */

/** The form's values as typed (户数 as text). */
export interface CommunityFormValues {
  name: string;
  province: string;
  city: string;
  area: string;
  address: string;
  householdText: string;
  propertyName: string;
  remark: string;
}

/** An empty form (新增小区). */
export function emptyCommunityForm(): CommunityFormValues {
  return { name: '', province: '', city: '', area: '', address: '', householdText: '', propertyName: '', remark: '' };
}

/** The form filled from a community (编辑). */
export function communityFormOf(info: CommunityInfo): CommunityFormValues {
  return {
    name: info.name,
    province: info.province,
    city: info.city,
    area: info.area,
    address: info.address,
    householdText: info.householdCount === null ? '' : String(info.householdCount),
    propertyName: info.propertyName ?? '',
    remark: info.remark ?? '',
  };
}

/**
 * The first failure of the form (B §1 "Validation (community form)", in field order), or null: 小区名称 2–30
 * (请输入小区名称), 所在地区 chosen (请选择所在地区), 详细地址 ≤ 60 (请输入详细地址), 户数 integer 0–99999, 物业公司 ≤ 30,
 * 备注 ≤ 100. Uniqueness is the server's (小区名称已存在).
 */
export function communityFormFailure(values: CommunityFormValues): string | null {
  return firstFailure([
    [communityNameRule, values.name],
    [regionPartRule, values.province],
    [regionPartRule, values.city],
    [regionPartRule, values.area],
    [addressRule, values.address],
    [householdTextRule, values.householdText],
    [propertyNameRule, values.propertyName],
    [communityRemarkRule, values.remark],
  ]);
}

/** The request fields of a valid form: trimmed, optional fields only when filled. */
export function communityFields(values: CommunityFormValues): CommunityFields {
  const household = values.householdText.trim();
  const propertyName = values.propertyName.trim();
  const remark = values.remark.trim();
  return {
    name: values.name.trim(),
    province: values.province,
    city: values.city,
    area: values.area,
    address: values.address.trim(),
    ...(household ? { householdCount: Number(household) } : {}),
    ...(propertyName ? { propertyName } : {}),
    ...(remark ? { remark } : {}),
  };
}

/** What a save ended with: a failed check (toasted by the screen), saved, or refused by the server (already toasted). */
export type CommunitySaveOutcome = { kind: 'invalid'; message: string } | { kind: 'saved' } | { kind: 'failed' };

/** The community form popup's state: open for a new community or for one being edited. */
export class CommunityFormStore {
  visible = false;
  /** The community being edited, or null for 新增小区. */
  editingId: number | null = null;
  values: CommunityFormValues = emptyCommunityForm();
  private readonly guard = new ActionGuard();

  /** @param onSaved called after a successful save (refresh the list, the counts and the filter). */
  constructor(private readonly onSaved: () => void) {
    makeAutoObservable<CommunityFormStore, 'onSaved' | 'guard'>(this, { onSaved: false, guard: false });
  }

  /** True while the save call is in flight (the button ignores taps). */
  get saving(): boolean {
    return this.guard.anyBusy;
  }

  /** Opens the form: empty for 新增小区, filled from the community for 编辑. */
  open(community: CommunityInfo | null = null): void {
    this.editingId = community?.id ?? null;
    this.values = community ? communityFormOf(community) : emptyCommunityForm();
    this.visible = true;
  }

  close(): void {
    this.visible = false;
  }

  /** Sets one field as typed. */
  set<K extends keyof CommunityFormValues>(field: K, value: CommunityFormValues[K]): void {
    this.values[field] = value;
  }

  /** Sets the region chosen in the picker (names). */
  setRegion(region: { province: string; city: string; area: string }): void {
    this.values.province = region.province;
    this.values.city = region.city;
    this.values.area = region.area;
  }

  /** 保存: validate, POST add or modify, close and notify. Ignored while a save runs. */
  async save(): Promise<CommunitySaveOutcome | null> {
    if (this.saving) return null;
    const message = communityFormFailure(this.values);
    if (message) return { kind: 'invalid', message };
    const fields = communityFields(this.values);
    const id = this.editingId;
    const saved = await this.guard.done('save', () =>
      id === null ? addCommunity(fields).send() : modifyCommunity({ id, ...fields }).send(),
    );
    if (!saved) return { kind: 'failed' };
    this.close();
    this.onSaved();
    return { kind: 'saved' };
  }
}
