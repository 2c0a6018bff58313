import { Tooltip } from '@mui/material';
import type { ComponentProps, MouseEvent } from 'react';
import { Button, useTranslate } from 'react-admin';

type ButtonProps = ComponentProps<typeof Button>;

/**
 * A react-admin Button that may be refused: with a `refusal` (a catalogue key saying why the server would
 * refuse it), it stays in place but does nothing, looks disabled, and says why in a tooltip on hover, focus
 * and touch. It stays focusable (`aria-disabled` rather than `disabled`) so that a keyboard reaches the
 * reason too.
 */
export const RefusableButton = ({ refusal, onClick, sx, ...props }: ButtonProps & { refusal?: string }) => {
  const translate = useTranslate();
  if (refusal === undefined) return <Button onClick={onClick} sx={sx} {...props} />;
  return (
    <Tooltip title={translate(refusal)} describeChild enterTouchDelay={0}>
      <span style={{ display: 'inline-flex' }}>
        <Button
          {...props}
          aria-disabled
          onClick={(event: MouseEvent<HTMLButtonElement>) => event.stopPropagation()}
          sx={{ color: 'text.disabled', cursor: 'not-allowed', ...sx }}
        />
      </span>
    </Tooltip>
  );
};
