import { RESOURCE_CONTRACTS } from '../../../contract/index';
import { PORTAL_RESOURCES } from '../../../src/features';
import { en } from '../../../src/i18n/en';

/**
 * Every resource's successes speak in its own words (react-admin looks up
 * `resources.<name>.notifications.created|updated|deleted` before its generic 'Element created'): a screen
 * that creates, edits or deletes has its text in the catalogue.
 */
describe('the success notifications of each resource', () => {
  const catalogue = en.resources as Record<string, { notifications?: Record<string, string> }>;
  const contractOf = (name: string) => RESOURCE_CONTRACTS.find((contract) => contract.name === name);

  it.each(PORTAL_RESOURCES.map((resource) => [resource.name, resource] as const))(
    '%s has its own texts',
    (name, screens) => {
      const contract = contractOf(name);
      const has = (screen: 'create' | 'edit') => screens[screen] !== undefined;
      const needed = [
        ...(has('create') ? ['created'] : []),
        ...(has('edit') || contract?.update ? ['updated'] : []),
        ...(contract?.delete ? ['deleted'] : []),
      ];
      const texts = catalogue[name]?.notifications ?? {};
      for (const key of needed)
        expect(texts[key], `resources.${name}.notifications.${key}`).toEqual(expect.any(String));
    },
  );
});
