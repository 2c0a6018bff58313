import { PORTAL_RESOURCES } from '../../../src/features';
import { en } from '../../../src/i18n/en';

/**
 * The catalogue's `resources` are listed by `npm run registry` from the features' `named(...)` calls
 * (src/i18n/en/resources.ts), so that the catalogue is plain data the server can serve: the list must hold
 * exactly the texts each resource names.
 */
describe("the catalogue's resources", () => {
  it.each(
    PORTAL_RESOURCES.filter((resource) => resource.texts).map(
      (resource) => [resource.name, resource] as const,
    ),
  )('%s speaks with the texts its feature names', (name, resource) => {
    expect((en.resources as Record<string, unknown>)[name]).toBe(resource.texts?.en);
  });

  it('has no resource the features do not name', () => {
    expect(Object.keys(en.resources).sort()).toEqual(
      PORTAL_RESOURCES.filter((resource) => resource.texts)
        .map((resource) => resource.name)
        .sort(),
    );
  });
});
