import { samlSetting } from '../../../contract/samlSetting.ts';
import type { Kit } from '../../kit/kit.ts';
import { readSamlSetting, saveSamlSetting } from './samlSettings.ts';

/** The provider's SAML setting (contract/samlSetting.ts), for operators: read and saved whole. */
export function samlSettingRoutes(kit: Kit): void {
  kit.route(samlSetting, 'getOne', (call) => readSamlSetting(call));

  kit.route(samlSetting, 'update', (call) => {
    const { id: _ignored, ...values } = call.body;
    return saveSamlSetting(call, values);
  });
}
