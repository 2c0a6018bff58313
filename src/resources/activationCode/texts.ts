/**
 * A token pack's activation codes (docs/requirements/billing-services-screens.md Activation-code list, docs/requirements/billing-services-entities.md Activation code, docs/requirements/billing-services-validation.md, docs/requirements/error-messages.md): the spec's
 * texts verbatim where it gives them.
 */
export const activationCode = {
  name: 'Activation Code |||| Activation Codes',
  /** docs/requirements/billing-services-screens.md: the token pack name plus Activation Code. */
  title: '%{name} Activation Code',
  fields: {
    q: 'Search',
    code: 'Code',
    username: 'Username',
    email: 'Email',
    distinguishedName: 'Distinguished name',
    status: 'Status',
    lastModifiedDate: 'Generated',
    expireDate: 'Expires',
    activatedDate: 'Activated',
    emailExist: 'Email',
  },
  emailExist: {
    true: 'With email',
    false: 'Without email',
  },
  /** The button of the token pack's page that opens its codes. */
  openFromPack: 'Activation codes',
  backToPack: 'Token pack',
  backToPacks: 'Token packs',
  actions: {
    generate: 'Generate',
    regenerateAll: 'Re-generate all',
    downloadAll: 'Download All',
    preparingZip: 'Preparing the zip…',
    preparingZipProgress: 'Preparing the zip… %{percent}%',
    sendByEmail: 'Send by email',
    sendByEmailOf: 'Send the code of %{username} by email',
    regenerate: 'Re-generate',
    regenerateOf: 'Re-generate the code of %{username}',
    sendMail: 'Send Mail',
    downloadZip: 'Download Zip QR Code',
    send: 'Send',
    actionsOf: 'Actions for %{username}',
  },
  regenerateAll: {
    title: 'Re-generate all activation codes?',
    content:
      'Every current activation code of this token pack stops working: each user needs the new code to activate the mobile app. Users who already activated it are not affected.',
  },
  regenerateOne: {
    title: 'Re-generate the activation code?',
    content: 'The current code of %{username} stops working: the user needs the new one.',
  },
  regenerateSelected: {
    title: 'Re-generate the selected activation codes?',
    content:
      'The current code of the selected user stops working: the user needs the new one. |||| The current codes of the %{smart_count} selected users stop working: each needs the new one.',
  },
  delete: {
    title: 'Delete activation codes',
    content:
      'Delete the selected activation code? It no longer activates the mobile app. |||| Delete the %{smart_count} selected activation codes? They no longer activate the mobile app.',
  },
  /** The same actions over every code the filters match, run as a job (kit/BulkActions.tsx). */
  bulk: {
    sendMail: {
      label: 'Send Mail',
      title: 'Email %{smart_count} activation code? |||| Email %{smart_count} activation codes?',
      content:
        'Each user with an email address receives the code and its QR code. Users without one are skipped.',
      done: 'Send Mail: done. %{changed} of %{total} emailed; the others have no email address.',
    },
    regenerate: {
      label: 'Re-generate',
      title: 'Re-generate %{smart_count} activation code? |||| Re-generate %{smart_count} activation codes?',
      content: 'Their current codes stop working: each user needs the new one.',
    },
    delete: {
      label: 'Delete',
      title: 'Delete %{smart_count} activation code? |||| Delete %{smart_count} activation codes?',
      content: 'They no longer activate the mobile app.',
    },
  },
  sendMailDialog: {
    title: 'Send the activation code by email',
    explanation:
      'The message holds the code of %{username} and its QR code, which the V-Key app scans to activate.',
    email: 'Email address',
  },
  validation: {
    // docs/requirements/billing-services-validation.md: verbatim.
    emailEmpty: 'Email must not be empty',
    emailInvalid: 'Please input a valid email.',
  },
  followUp: {
    title: 'Activation so far',
    pending: 'Pending',
    expired: 'Expired',
    activated: 'Activated',
    shareLabel: 'Share of codes activated',
    share: '%{share} activated (%{activated} of %{total}).',
    reissue: 'Re-issue expired',
    confirmTitle: 'Re-issue %{count} expired code? |||| Re-issue %{count} expired codes?',
    confirmContent:
      'Each gets a new code, valid for %{days} days from now, emailed to its user; the expired code no longer activates.',
    reissued:
      'Re-issued %{count} expired code: %{queued} emailed, %{skipped} without an email address. |||| Re-issued %{count} expired codes: %{queued} emailed, %{skipped} without an email address.',
  },
  empty: {
    title: 'No activation codes yet',
    body: "Generate makes a code for every user of the token pack's primary directory. Each user activates the V-Key app with it once.",
    filtered: 'No activation codes match these filters.',
  },
  noDirectory: {
    hint: "This token pack has no primary directory: its users get the codes. Choose one on the token pack's edit page.",
    edit: 'Edit the token pack',
  },
  notifications: {
    generated: 'Generated %{smart_count} activation code |||| Generated %{smart_count} activation codes',
    noneGenerated: 'Every user of the primary directory has a code already: nothing to generate.',
    // docs/requirements/error-messages.md: verbatim.
    sent: 'The activation code is sent successfully',
    regenerated: 'Re-generate code successfully',
    // The spec's "code(s) are" in polyglot's plural forms.
    sentSelected:
      '%{smart_count} selected activation code is sent successfully |||| %{smart_count} selected activation codes are sent successfully',
    sentSelectedSkipped:
      '%{smart_count} selected activation code is sent successfully. Skipped, without an email address: %{skipped}. |||| %{smart_count} selected activation codes are sent successfully. Skipped, without an email address: %{skipped}.',
    noneSent: 'None of the selected users has an email address: nothing was sent.',
    deleted: 'Activation code deleted |||| %{smart_count} activation codes deleted',
  },
};
