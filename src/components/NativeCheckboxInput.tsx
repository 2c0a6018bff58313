import { forwardRef, type InputHTMLAttributes, type Ref, useCallback } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { 'data-indeterminate'?: boolean; ownerState?: unknown };

/** MUI's invisible checkbox input, placed over the drawn box (its own styles). */
const COVER = {
  cursor: 'inherit',
  position: 'absolute',
  opacity: 0,
  width: '100%',
  height: '100%',
  top: 0,
  left: 0,
  margin: 0,
  padding: 0,
  zIndex: 1,
} as const;

/**
 * The input of every MUI Checkbox (the theme's `slots.input`). A partly ticked checkbox says so through
 * the native `indeterminate` property, which assistive technology reads as 'mixed'; MUI's own input puts
 * `aria-checked="mixed"` on the native checkbox instead, which ARIA forbids there (axe
 * aria-conditional-attr): react-admin's select-all of a partly selected page, the permission matrix.
 */
export const NativeCheckboxInput = forwardRef(function NativeCheckboxInput(
  { 'aria-checked': _mixed, ownerState: _ownerState, style, ...props }: Props,
  ref: Ref<HTMLInputElement>,
) {
  const indeterminate = props['data-indeterminate'] === true;
  const attach = useCallback(
    (node: HTMLInputElement | null) => {
      if (node) node.indeterminate = indeterminate;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [indeterminate, ref],
  );
  return <input {...props} ref={attach} style={{ ...COVER, ...style }} />;
});
