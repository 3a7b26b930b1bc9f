import { Input, List, Popup, TextArea } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { Button } from '@/components/button';
import { toast } from '@/components/feedback';
import { RegionField } from '@/components/region-field';
import type { CommunityFormStore } from '@/stores/screens/site/community-form';
import styles from './community-form.module.css';

/**
 * The 新增小区 / 编辑 form popup of the site list's 小区 segment (B-site.md §1 "Validation (community form)"): 小区名称,
 * 所在地区 (GB/T 2260 region picker), 详细地址, 户数, 物业公司, 备注; 保存 validates, saves and toasts 保存成功 (the list
 * and counts then refresh through the store). This module is loaded only when the form is first opened.
 */
const CommunityForm = observer(function CommunityForm({ form }: { form: CommunityFormStore }) {
  const { values } = form;
  const save = async () => {
    const outcome = await form.save();
    if (outcome?.kind === 'invalid') toast(outcome.message);
    else if (outcome?.kind === 'saved') toast('保存成功');
  };
  return (
    <Popup
      visible={form.visible}
      onMaskClick={() => form.close()}
      onClose={() => form.close()}
      bodyClassName={styles.form}
    >
      <h3>{form.editingId === null ? '新增小区' : '编辑小区'}</h3>
      <List>
        <List.Item title="小区名称">
          <Input
            name="communityName"
            placeholder="请输入小区名称"
            maxLength={30}
            value={values.name}
            onChange={(v) => form.set('name', v)}
          />
        </List.Item>
        <RegionField
          value={{ province: values.province, city: values.city, area: values.area }}
          onChange={(r) => form.setRegion(r)}
          testId="community-region"
        />
        <List.Item title="详细地址">
          <TextArea
            name="communityAddress"
            placeholder="请输入详细地址"
            maxLength={60}
            rows={2}
            autoSize={{ minRows: 1, maxRows: 3 }}
            value={values.address}
            onChange={(v) => form.set('address', v)}
          />
        </List.Item>
        <List.Item title="户数">
          <Input
            name="householdCount"
            placeholder="选填，0-99999"
            inputMode="numeric"
            maxLength={5}
            value={values.householdText}
            onChange={(v) => form.set('householdText', v)}
          />
        </List.Item>
        <List.Item title="物业公司">
          <Input
            name="propertyName"
            placeholder="选填"
            maxLength={30}
            value={values.propertyName}
            onChange={(v) => form.set('propertyName', v)}
          />
        </List.Item>
        <List.Item title="备注">
          <TextArea
            name="communityRemark"
            placeholder="选填，最多100个字"
            maxLength={100}
            rows={2}
            value={values.remark}
            onChange={(v) => form.set('remark', v)}
          />
        </List.Item>
      </List>
      <div className={styles.actions} data-testid="community-form-actions">
        <Button block color="primary" loading={form.saving} disabled={form.saving} onClick={() => void save()}>
          保存
        </Button>
      </div>
    </Popup>
  );
});

export default CommunityForm;
