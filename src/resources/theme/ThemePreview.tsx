import { Alert, Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ThemeField } from '../../../contract/theme';
import { contrastRatio, imageSrc, READABLE_CONTRAST, T, valuesOf } from './themeFields';

/** Visually hidden text, read by screen readers. */
const srOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const FALLBACK: Record<string, string> = {
  backgroundColor: '#ffffff',
  textColor: '#1a1a1a',
  buttonColor: '#1565c0',
  buttonTextColor: '#ffffff',
  approveColor: '#2e7d32',
  rejectColor: '#c62828',
};

type Values = Record<string, string>;
const colour = (values: Values, id: string) => values[id] || FALLBACK[id] || '#000000';

/** A screen's parts, sized by `s` (1: the editor's preview; smaller: the common screen's overview). */
const Logo = ({ values, s }: { values: Values; s: number }) =>
  values.logo ? (
    <Box
      component="img"
      src={imageSrc(values.logo)}
      alt=""
      sx={{ maxWidth: 120 * s, maxHeight: 48 * s, objectFit: 'contain', display: 'block', mx: 'auto' }}
    />
  ) : values.companyName ? (
    <Box sx={{ fontWeight: 700, fontSize: 16 * s, textAlign: 'center' }}>{values.companyName}</Box>
  ) : (
    <Box
      sx={{
        width: 48 * s,
        height: 48 * s,
        mx: 'auto',
        borderRadius: '50%',
        bgcolor: colour(values, 'buttonColor'),
      }}
    />
  );

const PreviewButton = ({
  background,
  text,
  label,
  s,
}: {
  background: string;
  text: string;
  label?: string;
  s: number;
}) => (
  <Box
    sx={{
      bgcolor: background,
      color: text,
      borderRadius: 1.5 * s,
      py: 1 * s,
      px: 2 * s,
      fontSize: 13 * s,
      fontWeight: 600,
      textAlign: 'center',
      minHeight: 18 * s,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    }}
  >
    {label}
  </Box>
);

const QrPlaceholder = ({ values, s }: { values: Values; s: number }) => (
  <Box
    sx={{
      width: 96 * s,
      height: 96 * s,
      mx: 'auto',
      border: `${Math.max(1, 3 * s)}px solid ${colour(values, 'textColor')}`,
      borderRadius: 1,
      backgroundImage: `repeating-linear-gradient(45deg, ${colour(values, 'textColor')} 0 ${4 * s}px, transparent ${4 * s}px ${10 * s}px)`,
      opacity: 0.8,
    }}
  />
);

const Text = ({
  children,
  size,
  s,
  weight = 400,
}: {
  children?: ReactNode;
  size: number;
  s: number;
  weight?: number;
}) =>
  children ? (
    <Box sx={{ fontSize: size * s, fontWeight: weight, textAlign: 'center', overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  ) : null;

/** The body of a screen of the mobile app or of the web sign-in, drawn from its values by field id. */
const ScreenBody = ({ screenId, values, s }: { screenId: string; values: Values; s: number }) => {
  const button = (
    <PreviewButton
      background={colour(values, 'buttonColor')}
      text={colour(values, 'buttonTextColor')}
      label={values.buttonLabel}
      s={s}
    />
  );
  switch (screenId) {
    case 'approval':
      return (
        <>
          <Logo values={values} s={s} />
          <Text size={18} s={s} weight={700}>
            {values.title}
          </Text>
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={1 * s}>
            <Box sx={{ flex: 1 }}>
              <PreviewButton
                background={colour(values, 'rejectColor')}
                text={colour(values, 'buttonTextColor')}
                label={values.rejectLabel}
                s={s}
              />
            </Box>
            <Box sx={{ flex: 1 }}>
              <PreviewButton
                background={colour(values, 'approveColor')}
                text={colour(values, 'buttonTextColor')}
                label={values.approveLabel}
                s={s}
              />
            </Box>
          </Stack>
        </>
      );
    case 'web-sign-in':
      return (
        <>
          <Logo values={values} s={s} />
          <Text size={18} s={s} weight={700}>
            {values.title}
          </Text>
          {[0, 1].map((line) => (
            <Box
              key={line}
              sx={{
                height: 28 * s,
                border: 1,
                borderColor: colour(values, 'textColor'),
                borderRadius: 1,
                opacity: 0.4,
              }}
            />
          ))}
          {button}
        </>
      );
    default:
      return (
        <>
          <Logo values={values} s={s} />
          <Text size={18} s={s} weight={700}>
            {values.title}
          </Text>
          <Text size={13} s={s}>
            {values.subtitle ?? values.instructions}
          </Text>
          {screenId === 'sign-in' || screenId === 'activation' ? (
            <QrPlaceholder values={values} s={s} />
          ) : null}
          <Box sx={{ flex: 1 }} />
          {values.buttonLabel !== undefined ? button : null}
        </>
      );
  }
};

/** The web sign-in in a browser window; the app's screens on a phone. */
const Frame = ({ screenId, values, s }: { screenId: string; values: Values; s: number }) => {
  const screen = {
    bgcolor: colour(values, 'backgroundColor'),
    color: colour(values, 'textColor'),
    display: 'flex',
    flexDirection: 'column',
    gap: 1.5 * s,
    fontFamily: 'system-ui, sans-serif',
  } as const;
  if (screenId === 'web-sign-in')
    return (
      <Box
        sx={{
          width: '100%',
          maxWidth: 420 * s,
          border: 1,
          borderColor: 'grey.500',
          borderRadius: 1.5,
          overflow: 'hidden',
        }}
      >
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ bgcolor: 'grey.300', px: 1, py: 0.75 * s, alignItems: 'center' }}
        >
          {['#ff5f57', '#febc2e', '#28c840'].map((dot) => (
            <Box key={dot} sx={{ width: 8 * s, height: 8 * s, borderRadius: '50%', bgcolor: dot }} />
          ))}
          <Box sx={{ flex: 1, height: 14 * s, ml: 1, bgcolor: 'grey.100', borderRadius: 1 }} />
        </Stack>
        <Box sx={{ ...screen, minHeight: 260 * s, alignItems: 'center', justifyContent: 'center', p: 3 * s }}>
          <Box
            sx={{ width: '100%', maxWidth: 240 * s, display: 'flex', flexDirection: 'column', gap: 1.5 * s }}
          >
            <ScreenBody screenId={screenId} values={values} s={s} />
          </Box>
        </Box>
      </Box>
    );
  return (
    <Box
      sx={{
        width: 220 * s,
        height: 440 * s,
        flex: '0 0 auto',
        border: `${Math.max(4, 10 * s)}px solid #212121`,
        borderRadius: `${28 * s}px`,
        overflow: 'hidden',
        bgcolor: '#212121',
      }}
    >
      <Box sx={{ ...screen, height: '100%', borderRadius: `${18 * s}px`, p: 2 * s, pt: 3 * s }}>
        <ScreenBody screenId={screenId} values={values} s={s} />
      </Box>
    </Box>
  );
};

export interface PreviewScreen {
  id: string;
  /** The screen's name, translated. */
  label: string;
  fields: ThemeField[];
}

interface ContrastNote {
  what: string;
  ratio: number;
}

/** What a screen reader is told of a preview: its colours and their contrast (the drawing itself is hidden). */
const useDescription = () => {
  const translate = useTranslate();
  return (label: string, values: Values) => {
    const text = colour(values, 'textColor');
    const background = colour(values, 'backgroundColor');
    const sentences = [
      translate(`${T}.preview.of`, { screen: label }),
      translate(`${T}.preview.text`, { text, background, ratio: contrastRatio(text, background) }),
    ];
    if (values.buttonLabel !== undefined) {
      const buttonText = colour(values, 'buttonTextColor');
      const button = colour(values, 'buttonColor');
      sentences.push(
        translate(`${T}.preview.button`, {
          text: buttonText,
          button,
          ratio: contrastRatio(buttonText, button),
        }),
      );
    }
    sentences.push(translate(values.logo ? `${T}.preview.logo` : `${T}.preview.noLogo`));
    return sentences.join(' ');
  };
};

const lowContrasts = (values: Values): { key: string; ratio: number }[] => {
  const notes = [
    {
      key: 'textOnBackground',
      ratio: contrastRatio(colour(values, 'textColor'), colour(values, 'backgroundColor')),
    },
  ];
  if (values.buttonLabel !== undefined)
    notes.push({
      key: 'buttonText',
      ratio: contrastRatio(colour(values, 'buttonTextColor'), colour(values, 'buttonColor')),
    });
  return notes.filter((note) => note.ratio < READABLE_CONTRAST);
};

/** One screen's preview: the drawing (hidden from assistive technologies), its description, a contrast warning. */
export const ScreenPreview = ({
  screen,
  common,
  small = false,
  caption = false,
}: {
  screen: PreviewScreen;
  common: ThemeField[];
  small?: boolean;
  caption?: boolean;
}) => {
  const translate = useTranslate();
  const describe = useDescription();
  const values = valuesOf(screen.fields, common);
  const notes: ContrastNote[] = lowContrasts(values).map(({ key, ratio }) => ({
    what: translate(`${T}.preview.${key}`),
    ratio,
  }));
  return (
    <Stack component="figure" spacing={1} sx={{ m: 0, alignItems: 'center', minWidth: 0 }}>
      <Box inert aria-hidden sx={{ display: 'flex', justifyContent: 'center', width: '100%' }}>
        <Frame screenId={screen.id} values={values} s={small ? 0.6 : 1} />
      </Box>
      <Box component="figcaption" sx={caption ? { textAlign: 'center' } : undefined}>
        {caption ? (
          <Typography variant="body2" component="span">
            {screen.label}
          </Typography>
        ) : null}
        <Box component="span" sx={srOnly}>
          {describe(screen.label, values)}
        </Box>
      </Box>
      {notes.map((note) => (
        <Alert key={note.what} severity="warning" sx={{ width: '100%', boxSizing: 'border-box' }}>
          {translate(`${T}.preview.lowContrast`, { what: note.what, ratio: note.ratio })}
        </Alert>
      ))}
    </Stack>
  );
};

/** Every screen small, with the common fields (the common screen's preview, and the theme's page). */
export const AllScreensPreview = ({
  screens,
  common,
}: {
  screens: PreviewScreen[];
  common: ThemeField[];
}) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(150px, 1fr))', md: 'repeat(2, minmax(0, 1fr))' },
      gap: 2,
      alignItems: 'start',
    }}
  >
    {screens.map((screen) => (
      <ScreenPreview key={screen.id} screen={screen} common={common} small caption />
    ))}
  </Box>
);
