import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Link, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { getProductName } from '../../config';
import { docs } from '../../i18n/en/docPages';
import type { DocPageText, DocTexts } from '../../i18n/en/docs';
import { ALL_DOC_LINKS, type DocLink, RELATED_DOCS } from '../../layout/public/docLinks';

/** The keys of numbered texts, in order (1, 2, 3 ...). */
const numbered = (texts: DocTexts | undefined): string[] =>
  texts
    ? Object.keys(texts)
        .map(Number)
        .sort((a, b) => a - b)
        .map(String)
    : [];

/** "Back to sign in", under every documentation page. */
export const BackToSignIn = () => {
  const translate = useTranslate();
  return (
    <Link
      component={RouterLink}
      to="/login"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 4 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {translate('docs.frame.backToSignIn')}
    </Link>
  );
};

/**
 * One documentation page, drawn from the catalogue: h1 title, lead, then each section (h2) with its
 * paragraphs, bulleted items and numbered steps. The structure comes from the English catalogue and
 * every text is translated, with %{productName} filled in.
 */
export const DocArticle = ({ link }: { link: DocLink }) => {
  const translate = useTranslate();
  usePageTitle(link.titleKey);
  // Keyed by page (see DocsPage), so each page opens at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const productName = getProductName();
  const t = (key: string) => translate(key, { productName });
  const page: DocPageText = docs.pages[link.id];
  const base = `docs.pages.${link.id}`;
  const related = (RELATED_DOCS[link.id] ?? [])
    .map((id) => ALL_DOC_LINKS.find((entry) => entry.id === id))
    .filter((entry): entry is DocLink => entry !== undefined);

  return (
    <Box component="article" aria-labelledby="doc-title">
      <Typography id="doc-title" variant="h4" component="h1" gutterBottom>
        {t(link.titleKey)}
      </Typography>
      <Typography variant="subtitle1" component="p" color="text.secondary" sx={{ mb: 3 }}>
        {t(`${base}.lead`)}
      </Typography>
      {Object.entries(page.sections).map(([sectionId, section]) => {
        const key = `${base}.sections.${sectionId}`;
        const headingId = `doc-section-${sectionId}`;
        return (
          <Box component="section" key={sectionId} aria-labelledby={headingId} sx={{ mb: 3 }}>
            <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
              {t(`${key}.heading`)}
            </Typography>
            {numbered(section.paragraphs).map((n) => (
              <Typography key={n} sx={{ mb: 1.5 }}>
                {t(`${key}.paragraphs.${n}`)}
              </Typography>
            ))}
            {section.items ? (
              <Box component="ul" sx={{ pl: 3, my: 1.5 }}>
                {numbered(section.items).map((n) => (
                  <Typography component="li" key={n} sx={{ mb: 0.75 }}>
                    {t(`${key}.items.${n}`)}
                  </Typography>
                ))}
              </Box>
            ) : null}
            {section.steps ? (
              <Box component="ol" sx={{ pl: 3, my: 1.5 }}>
                {numbered(section.steps).map((n) => (
                  <Typography component="li" key={n} sx={{ mb: 1, pl: 0.5 }}>
                    {t(`${key}.steps.${n}`)}
                  </Typography>
                ))}
              </Box>
            ) : null}
          </Box>
        );
      })}
      {related.length > 0 ? (
        <Box component="section" aria-labelledby="doc-related" sx={{ mt: 4 }}>
          <Typography id="doc-related" variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('docs.frame.related')}
          </Typography>
          <Box component="ul" sx={{ pl: 3, my: 0 }}>
            {related.map((entry) => (
              <li key={entry.path}>
                <Link component={RouterLink} to={entry.path}>
                  {t(entry.titleKey)}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      <BackToSignIn />
    </Box>
  );
};
