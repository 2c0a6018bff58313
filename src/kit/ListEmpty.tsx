import { Box, type SvgIconProps, Typography } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import {
  CreateButton,
  ListNoResults,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
} from 'react-admin';

export interface EmptyStateProps {
  /** The picture above the texts (a resource's icon). */
  icon?: ComponentType<SvgIconProps>;
  /** Catalogue keys of the heading and the sentence under it. */
  title: string;
  body: string;
  titleOptions?: Record<string, unknown>;
  /** `section`: a smaller heading, inside a page that has its own (a tab, a list inside a page). */
  size?: 'page' | 'section';
  /** The next step (a button). */
  children?: ReactNode;
}

/** A place with nothing to show yet: what it is for, and the way on. */
export const EmptyState = ({
  icon: Icon,
  title,
  body,
  titleOptions,
  size = 'page',
  children,
}: EmptyStateProps) => {
  const translate = useTranslate();
  const page = size === 'page';
  return (
    <Box sx={page ? { textAlign: 'center', m: 4 } : { p: 3, textAlign: 'center' }}>
      {Icon ? <Icon sx={{ fontSize: 96, opacity: 0.4 }} aria-hidden /> : null}
      <Typography variant={page ? 'h5' : 'h6'} component="p" gutterBottom>
        {translate(title, titleOptions)}
      </Typography>
      <Typography color="text.secondary" gutterBottom={page}>
        {translate(body)}
      </Typography>
      {children}
    </Box>
  );
};

/**
 * A list with no record yet (and no filter): its resource's icon, what the list is for
 * (`<texts>.empty.title` and `.body`, `texts` being `resources.<resource>` unless given) and the next step:
 * `children`, or, where the resource has a create page, its Create button (shown to those who may create).
 */
export const ListEmpty = ({
  texts,
  icon,
  children,
}: {
  texts?: string;
  icon?: EmptyStateProps['icon'];
  children?: ReactNode;
}) => {
  const resource = useResourceContext();
  const definition = useResourceDefinition();
  const root = texts ?? `resources.${resource}`;
  return (
    <EmptyState icon={icon ?? definition.icon} title={`${root}.empty.title`} body={`${root}.empty.body`}>
      {children ?? (definition.hasCreate ? <CreateButton variant="contained" /> : null)}
    </EmptyState>
  );
};

/** Said when the catalogue has no `noMatch` text of its own. */
const NONE = '\u0000';

/**
 * A filtered list with no row: `<texts>.noMatch` (`resources.<resource>` unless given) where the catalogue
 * has it, else react-admin's own 'No results found'.
 */
export const NoMatch = ({ texts }: { texts?: string }) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const text = translate(`${texts ?? `resources.${resource}`}.noMatch`, { _: NONE });
  if (text === NONE) return <ListNoResults />;
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {text}
    </Typography>
  );
};
