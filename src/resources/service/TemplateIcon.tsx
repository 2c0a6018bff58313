import AppsIcon from '@mui/icons-material/Apps';
import { Avatar } from '@mui/material';
import type { Template } from './model';

/** A template's icon, or a neutral placeholder; decorative (the template's name is beside it). */
export const TemplateIcon = ({
  template,
  size = 48,
}: {
  template: Pick<Template, 'iconUrl'>;
  size?: number;
}) => (
  <Avatar
    src={template.iconUrl ?? undefined}
    alt=""
    variant="rounded"
    sx={{ width: size, height: size, bgcolor: template.iconUrl ? 'transparent' : undefined }}
  >
    <AppsIcon aria-hidden />
  </Avatar>
);
