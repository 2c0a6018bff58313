/// <reference types="vite/client" />
import type { PortalFeature, PortalResource } from './kit/feature';

/**
 * The portal's features, found in their folders: every `src/resources/<feature>/index.ts(x)` exports its
 * resources (kit/feature.ts). Adding a feature is adding its folder: App's resources, the menus and the
 * resources' texts are built from this list, and no central list is edited.
 */
const modules = import.meta.glob<PortalFeature>('./resources/*/index.{ts,tsx}', {
  eager: true,
  import: 'default',
});

/** Every resource of every feature, by folder. */
export const PORTAL_RESOURCES: readonly PortalResource[] = Object.values(modules).flatMap(
  (feature) => feature.resources,
);
