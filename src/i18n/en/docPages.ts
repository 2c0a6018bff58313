import { type DocPageBody, type DocPageId, docsShell } from './docs';

/** The documentation pages' bodies: each page's lead and sections (./docs.ts says how they are written). */
const bodies = {
  overview: {
    lead: '%{productName} adds a second factor to the sign-ins of your VPNs, cloud applications and web services. Users type their usual password, then approve the sign-in on their phone with the V-Key app.',
    sections: {
      how: {
        heading: 'How it works',
        steps: {
          1: 'A user signs in to a VPN or an application with their directory username and password.',
          2: 'The VPN or application hands the sign-in to %{productName} over RADIUS, SAML2.0, OpenID Connect (OIDC) or HTTPS.',
          3: "%{productName} checks the password against your organisation's directory (LDAP, Active Directory or Azure AD).",
          4: "%{productName} sends a push request to the user's V-Key app; the user checks the details and approves.",
          5: 'Only then does the VPN or application let the user in. A rejected or unanswered request ends the sign-in.',
        },
      },
      who: {
        heading: 'Who does what',
        items: {
          1: 'Provider operators manage customers, service templates, roles and provider-wide settings. They can enter a customer to help its administrators.',
          2: 'Customer administrators connect their directories, create connectors, launch services, issue activation codes and review the audit log of their organisation.',
          3: 'End users activate the V-Key app once, then approve their sign-ins with it. They can also sign in to this portal by scanning a QR code.',
        },
      },
      concepts: {
        heading: 'Main concepts in the portal',
        items: {
          1: 'Directories: where your users and passwords live (LDAP, Active Directory or Azure AD).',
          2: 'Connectors (RADIUS, SAML2.0, OIDC, HTTPS): how a VPN or an application talks to %{productName}.',
          3: 'Services: a protected VPN or application, launched from a template that says which connectors it needs.',
          4: 'Token Packs: the set of app activations of a service, with one activation code (and QR code) per user.',
          5: 'Audit log: who changed which account, user, connector or service, and when.',
        },
      },
      start: {
        heading: 'Getting started',
        steps: {
          1: 'Sign in to the portal as a customer administrator.',
          2: 'Open Directories and connect your LDAP, Active Directory or Azure AD directory; use Test connection before you save.',
          3: 'Open Services, launch a service from the template that matches your VPN or application, and create its connectors from the launch form.',
          4: 'Finish the connector settings under Connectors, then configure your VPN or application with the values the connector shows, following the matching guide.',
          5: "Open Token Packs, generate the service's activation codes and send them to your users by email.",
          6: 'Ask a test user to activate the V-Key app and sign in. Then roll out to everyone.',
        },
      },
      next: {
        heading: 'Where to go next',
        paragraphs: {
          1: 'The Solutions pages explain each kind of integration (RADIUS, SAML2.0, OIDC). The Guidelines give step-by-step instructions for common VPNs and applications. The FAQ answers the questions users ask most.',
        },
      },
    },
  },
  faq: {
    lead: 'Short answers to the questions users and administrators ask most often. If yours is not here, contact your administrator or open a support ticket.',
    sections: {
      lostPhone: {
        heading: 'I lost my phone or got a new one. What do I do?',
        paragraphs: {
          1: 'Tell your administrator straight away. They re-generate your activation code, which stops the app on the old phone from approving sign-ins. Then install the V-Key app on the new phone and activate it with the new code.',
        },
      },
      resetActivation: {
        heading: "How do I reset a user's activation?",
        paragraphs: {
          1: "Open Token Packs, open the service's token pack and its activation codes, find the user, and choose Re-generate, then Send Mail. Re-generating invalidates the user's current code and app activation; the user activates the app again with the new code.",
        },
      },
      expiredCode: {
        heading: 'My activation code has expired.',
        paragraphs: {
          1: "Activation codes are New until used, Activated once the app is set up, and Expired after their expiry date. Ask your administrator to re-generate and send you a new code; expired codes can't be reused.",
        },
      },
      radiusTimeout: {
        heading: 'My VPN gives up before I can approve the sign-in.',
        paragraphs: {
          1: "The VPN's RADIUS timeout is too short. Set it to at least 60 seconds so users have time to take out their phone and approve, and set retries to 1 so a slow approval does not send a second request.",
        },
      },
      qrExpired: {
        heading: "The QR code on the sign-in page says 'QR code expired'.",
        paragraphs: {
          1: 'Sign-in QR codes are valid for a short time only. Select Refresh QR Code and scan the new code with the V-Key app right away.',
        },
      },
      forgotPassword: {
        heading: 'I forgot my password.',
        paragraphs: {
          1: "For your portal account, select Forgot password? on the sign-in page and follow the link sent to your email address. For a VPN or application that checks your directory password, your organisation's IT team resets it in the directory.",
        },
      },
      noPush: {
        heading: "I don't receive the approval request on my phone.",
        paragraphs: {
          1: "Check that the phone is online and that notifications are allowed for the V-Key app, then open the app: pending requests show when it starts. If it still fails, your administrator can look at your user's troubleshooting log under Users.",
        },
      },
      unexpectedPush: {
        heading: "I got an approval request I didn't expect.",
        paragraphs: {
          1: 'Reject it. Someone may know your password: change it and tell your administrator, who can check the sign-in in your troubleshooting log.',
        },
      },
      auditLog: {
        heading: 'Who can see the audit log?',
        paragraphs: {
          1: "Customer administrators whose role allows it see their own organisation's audit log, and provider operators see it when they enter that customer. It lists changes to accounts, users, connectors and services: when, what changed and by whom. End users do not see it.",
        },
      },
      connectorInUse: {
        heading: 'Launching a service warns that a connector is already used.',
        paragraphs: {
          1: 'A connector serves one service only. If you confirm, the connector moves to the new service and the old service stops working. Create a new connector instead if both must keep working.',
        },
      },
      directories: {
        heading: 'Which directories can I connect?',
        paragraphs: {
          1: 'LDAP directories, Microsoft Active Directory (usually over LDAP on port 389, or LDAPS on 636) and Azure AD. Use Test connection under Directories to check the address and the bind account before you save.',
        },
      },
    },
  },
  solutionRadius: {
    lead: 'Most VPNs can ask a RADIUS server whether a user may connect. Point your VPN at the %{productName} RADIUS proxy and every VPN sign-in needs the directory password and an approval in the V-Key app.',
    sections: {
      how: {
        heading: 'How it works',
        steps: {
          1: 'The user connects to the VPN (for example vpn.example.com) with their directory username and password.',
          2: 'The VPN sends a RADIUS Access-Request to the %{productName} RADIUS proxy on UDP port 1812, signed with the shared secret.',
          3: "%{productName} checks the password against your directory, then sends a push request to the user's V-Key app.",
          4: 'When the user approves, %{productName} answers Access-Accept and the VPN connects; a rejection or no answer gives Access-Reject.',
        },
      },
      fits: {
        heading: 'What you need',
        items: {
          1: 'A VPN or other network device that supports RADIUS authentication with PAP.',
          2: "The public IP address the VPN's RADIUS requests come from (for example 192.0.2.10); each RADIUS connector is bound to one IP address.",
          3: 'A directory connected under Directories, and users who have activated the V-Key app.',
        },
      },
      notes: {
        heading: 'Good to know',
        items: {
          1: 'Set the VPN RADIUS timeout to at least 60 seconds, so users have time to approve.',
          2: 'Set RADIUS retries to 1: a retry of a pending request would send the user a second push.',
          3: 'Keep the shared secret long and random, and store it only on the VPN and in the connector.',
        },
      },
      setup: {
        heading: 'Set it up',
        paragraphs: {
          1: 'Follow the VPN guide for the step-by-step setup, including how to check that it works.',
        },
      },
    },
  },
  solutionSaml2: {
    lead: '%{productName} acts as a SAML2.0 identity provider. Cloud applications that support SAML single sign-on send their users to %{productName}, which checks the password and the V-Key approval and returns a signed assertion.',
    sections: {
      how: {
        heading: 'How it works',
        steps: {
          1: 'The user opens the application (the service provider), for example https://gitlab.example.com, and chooses to sign in with single sign-on.',
          2: 'The application redirects the browser to the %{productName} single sign-on URL with a SAML authentication request.',
          3: 'The user enters their directory username and password, then approves the push request in the V-Key app.',
          4: "%{productName} posts a signed SAML response to the application's Assertion Consumer Service (ACS) URL, and the user is signed in.",
        },
      },
      values: {
        heading: 'The values you exchange',
        items: {
          1: 'From the application to the SAML2.0 connector: its Entity ID (also called issuer or audience) and its ACS URL, and which NameID format it expects (usually the email address).',
          2: "From the connector to the application: the %{productName} metadata XML, or its parts: the identity provider's Entity ID, the single sign-on URL and the signing certificate.",
          3: 'Signatures use SHA-256 unless the application needs something else.',
        },
      },
      apps: {
        heading: 'Applications with a guide',
        paragraphs: {
          1: 'GitLab, Zoom, AWS, WordPress, Assembla, Ingram Micro, V-OS Cloud and Office 365 (domain federation). Any other application that supports SAML2.0 single sign-on can be connected the same way.',
        },
      },
      setup: {
        heading: 'Set it up',
        steps: {
          1: 'Open Services and launch the template for your application (or the generic SAML2.0 template), creating its SAML2.0 connector from the launch form.',
          2: "Open Connectors, then SAML2.0, and enter the application's Entity ID and ACS URL in the connector.",
          3: "Download the connector's metadata and load it (or the URL and certificate) in the application's single sign-on settings.",
          4: 'Test with one user before you make single sign-on mandatory in the application.',
        },
      },
    },
  },
  solutionOidc: {
    lead: '%{productName} is also an OpenID Connect (OIDC) provider. Applications such as Salesforce and WordPress send their users to %{productName} for sign-in and receive an ID token once the user has approved in the V-Key app.',
    sections: {
      how: {
        heading: 'How it works',
        steps: {
          1: "The user chooses to sign in with %{productName} on the application's sign-in page.",
          2: 'The application redirects the browser to the %{productName} authorization endpoint with its client ID and redirect URI.',
          3: 'The user enters their directory password and approves the push request in the V-Key app.',
          4: 'The application receives an authorization code at its redirect URI, exchanges it (with its client secret) for tokens, and signs the user in.',
        },
      },
      values: {
        heading: 'The values you exchange',
        items: {
          1: 'From the application to the OIDC connector: the redirect (callback) URI, for example https://example.my.salesforce.com/services/authcallback/Gateway.',
          2: 'From the connector to the application: the client ID, the client secret and the endpoints (authorization, token, user info), or the discovery URL that lists them.',
          3: 'Scopes: openid, plus email and profile so the application can match the user.',
        },
      },
      setup: {
        heading: 'Set it up',
        paragraphs: {
          1: 'Follow the Salesforce (OIDC) or WordPress (OIDC) guide for the step-by-step setup.',
        },
      },
    },
  },
  mobileApp: {
    lead: 'The V-Key app is your second factor. Once activated, it shows each sign-in that needs your approval and lets you sign in to the %{productName} portal by scanning a QR code.',
    sections: {
      what: {
        heading: 'What the app does',
        items: {
          1: 'Approves or rejects sign-ins to your VPN and applications with a push request.',
          2: 'Signs you in to the portal by scanning the QR code on the sign-in page (seamless login).',
          3: 'Keeps its keys protected on your phone; the keys cannot be copied to another phone.',
        },
      },
      prerequisites: {
        heading: 'Before you start',
        items: {
          1: 'A smartphone with internet access, running a current version of iOS or Android.',
          2: 'The V-Key app, installed from the App Store or Google Play.',
          3: 'The activation email from your administrator, with your activation QR code (or code).',
        },
      },
      activate: {
        heading: 'Activate the app',
        steps: {
          1: 'Open the activation email on your computer, or have the activation QR code at hand.',
          2: 'Open the V-Key app on your phone and choose to add an account.',
          3: 'Scan the activation QR code with the app. If you cannot scan it, type the activation code instead.',
          4: 'Allow notifications when the app asks, so it can show approval requests.',
          5: 'Wait for the app to confirm that the account is active. Each activation code works once.',
        },
      },
      approve: {
        heading: 'Approve a sign-in',
        steps: {
          1: 'Sign in to the VPN or application with your username and password as usual.',
          2: 'A notification from the V-Key app appears on your phone; open it.',
          3: 'Check the service and the time shown. If you did not just sign in, reject the request.',
          4: 'Approve. The VPN or application continues the sign-in.',
        },
      },
      qr: {
        heading: 'Sign in to the portal with a QR code',
        steps: {
          1: 'Open the portal sign-in page and choose the QR Code Login tab.',
          2: 'Open the V-Key app and scan the QR code on the screen. On your phone, tap the QR code instead to open the app.',
          3: 'Confirm in the app; the portal signs you in.',
          4: 'If the code shows QR code expired, select Refresh QR Code and scan again.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Sign in to a protected VPN or application: an approval request should reach your phone within a few seconds. If it does not, see the FAQ.',
        },
      },
    },
  },
  vpn: {
    lead: 'Protect your VPN (for example vpn.example.com) with a RADIUS connector: users sign in with their directory password and approve in the V-Key app.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'Administrator access to the VPN, which must support RADIUS authentication with PAP.',
          2: "The public IP address the VPN's RADIUS requests come from, for example 192.0.2.10.",
          3: 'A directory connected under Directories (LDAP, Active Directory or Azure AD) that holds the VPN users.',
          4: 'Outbound UDP port 1812 open from the VPN to the %{productName} RADIUS proxy.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Services, launch the VPN template, and choose the subscription, the token pack and your directory.',
          2: 'In the RADIUS connector selector, choose Create new and name the connector, for example Office VPN. Launch the service.',
          3: "Open Connectors, then RADIUS, and open the new connector. Enter the VPN's IP address (192.0.2.10) and a long random shared secret, then save.",
          4: 'On the VPN, add a RADIUS server: the %{productName} RADIUS proxy address, port 1812, the same shared secret, and the PAP protocol.',
          5: 'On the VPN, set the RADIUS timeout to at least 60 seconds and the retries to 1, so users have time to approve.',
          6: 'On the VPN, use the new RADIUS server to authenticate the VPN users (for example in the VPN portal or connection profile).',
          7: "In the portal, open Token Packs, generate the service's activation codes and send them to the users by email.",
        },
      },
      check: {
        heading: 'Check it works',
        steps: {
          1: 'Activate the V-Key app of a test user.',
          2: 'Connect to vpn.example.com as that user with their directory password.',
          3: 'Approve the request in the V-Key app: the VPN connects. Reject it once too: the VPN must refuse the connection.',
        },
      },
      troubleshooting: {
        heading: 'If it does not work',
        items: {
          1: 'No push and an immediate failure: check the shared secret and that the connector IP is the address the requests really come from.',
          2: 'The VPN gives up while the user approves: raise the RADIUS timeout to 60 seconds or more.',
          3: "Wrong password errors: check the user's directory password and the directory connection under Directories.",
        },
      },
    },
  },
  vosCloudSaml2: {
    lead: 'Let your administrators sign in to the V-OS Cloud console through %{productName}, with their directory password and a V-Key approval.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'An administrator account in V-OS Cloud that can change its single sign-on settings.',
          2: 'A directory connected under Directories, and users who have activated the V-Key app.',
          3: 'The Entity ID and ACS URL of your V-OS Cloud tenant, shown in its single sign-on settings.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Services and launch the V-OS Cloud template; create its SAML2.0 connector from the launch form.',
          2: 'Open Connectors, then SAML2.0, open the connector and enter the V-OS Cloud Entity ID and ACS URL. Choose the email address as NameID format and save.',
          3: "Download the connector's metadata XML.",
          4: 'In V-OS Cloud, open the single sign-on (SAML2.0) settings and upload the metadata, or enter the single sign-on URL and certificate it contains.',
          5: 'Make sure each administrator signs in to V-OS Cloud with the same email address as in your directory.',
          6: 'Save, and keep one local V-OS Cloud administrator able to sign in without single sign-on until you have checked it.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open V-OS Cloud in a private browser window and choose single sign-on. You are sent to %{productName}; enter your password, approve in the V-Key app, and the V-OS Cloud console opens.',
        },
      },
    },
  },
  office365: {
    lead: 'Federate your Microsoft 365 domain (for example example.com) with %{productName}: Office 365 sign-ins for that domain go through %{productName} and need a V-Key approval.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'A Microsoft 365 tenant where your domain (example.com) is added and verified, and a Global Administrator account.',
          2: 'A cloud-only administrator account on the tenant’s onmicrosoft.com domain: federated accounts cannot fix the federation if it fails.',
          3: 'Your users in Azure AD or Active Directory, connected under Directories.',
          4: 'A Windows computer with PowerShell to run the federation script.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Services and launch the Office 365 template; the setup wizard starts with a welcome step.',
          2: 'Choose the subscription, the token pack and your directory, and create the SAML2.0 connector from the launch form.',
          3: 'In the connector, enter your domain (example.com) and download the federation script for it.',
          4: 'Run the script in PowerShell, signed in as a Global Administrator. It switches the domain from managed to federated sign-in with %{productName}.',
          5: 'Generate the activation codes under Token Packs and send them to your users before they next sign in.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'In a private browser window, open https://portal.office.com and enter user@example.com. You are sent to %{productName}; enter the directory password, approve in the V-Key app, and Office 365 opens.',
        },
      },
      rollback: {
        heading: 'Undo the federation',
        paragraphs: {
          1: 'Download the script again with the unfederate option and run it the same way: the domain goes back to managed sign-in. Federation changes can take a few minutes to apply.',
        },
      },
    },
  },
  ingramMicroSaml2: {
    lead: 'Connect your Ingram Micro Cloud Marketplace account to %{productName}, so your staff sign in with their directory password and a V-Key approval.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'Single sign-on enabled for your Ingram Micro account; ask your Ingram Micro account manager if the setting is missing.',
          2: 'The Entity ID and ACS URL Ingram Micro gives you for single sign-on.',
          3: 'Users whose email address in your directory matches their Ingram Micro user name, and who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Services and launch the Ingram Micro template; create its SAML2.0 connector from the launch form.',
          2: 'Open Connectors, then SAML2.0, open the connector and enter the Ingram Micro Entity ID and ACS URL. Keep the email address as NameID and save.',
          3: "Download the connector's metadata XML.",
          4: 'In Ingram Micro, open the single sign-on settings, choose SAML2.0 and upload the metadata (or enter the single sign-on URL and certificate).',
          5: 'Turn on single sign-on for a test user first, then for everyone.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Sign in to Ingram Micro as the test user: you are sent to %{productName}, and after the password and the V-Key approval you land in your Ingram Micro account.',
        },
      },
    },
  },
  gitlabSaml2: {
    lead: 'Add %{productName} as a SAML2.0 sign-in option to your self-managed GitLab at https://gitlab.example.com.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'Administrator (root) access to the GitLab server, to edit /etc/gitlab/gitlab.rb.',
          2: 'GitLab served over HTTPS, for example https://gitlab.example.com.',
          3: 'A directory connected under Directories, and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Services and launch the GitLab template; create its SAML2.0 connector from the launch form.',
          2: 'Open Connectors, then SAML2.0, open the connector and enter the Entity ID https://gitlab.example.com and the ACS URL https://gitlab.example.com/users/auth/saml/callback. Choose the email address as NameID format and save.',
          3: "Download the connector's metadata XML and note the single sign-on URL and the signing certificate it contains.",
          4: 'In /etc/gitlab/gitlab.rb, add a saml OmniAuth provider with: issuer https://gitlab.example.com, assertion_consumer_service_url as above, idp_sso_target_url set to the single sign-on URL, idp_cert set to the certificate, and name_identifier_format urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress.',
          5: "In the same file, allow the provider: set gitlab_rails['omniauth_allow_single_sign_on'] to ['saml'], and gitlab_rails['omniauth_auto_link_user'] to ['saml'] to link existing users by email.",
          6: 'Apply the change with sudo gitlab-ctl reconfigure.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open https://gitlab.example.com/users/sign_in: a SAML button appears. Select it, sign in with your directory password and approve in the V-Key app; GitLab opens, signed in as you.',
        },
      },
    },
  },
  zoomSaml2: {
    lead: 'Let your users sign in to Zoom with single sign-on through %{productName}.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'A Zoom Business, Education or Enterprise account with an approved vanity URL, for example example.zoom.us.',
          2: 'A Zoom owner or administrator with access to Advanced, then Single Sign-On.',
          3: 'A directory connected under Directories, and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Services and launch the Zoom template; create its SAML2.0 connector from the launch form.',
          2: 'Open Connectors, then SAML2.0, open the connector and enter the Entity ID example.zoom.us and the ACS URL https://example.zoom.us/saml/SSO. Choose the email address as NameID format and save.',
          3: "Download the connector's metadata XML; it contains the single sign-on URL, the Entity ID and the signing certificate.",
          4: 'In the Zoom web portal, open Advanced, then Single Sign-On, and enable it.',
          5: 'Enter the sign-in page URL (the single sign-on URL), the identity provider certificate, the issuer (the %{productName} Entity ID), the HTTP-POST binding and SHA-256 as signature hash algorithm. Save.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Go to https://example.zoom.us and choose Sign in with SSO. After the password and the V-Key approval, Zoom opens, signed in as you.',
        },
      },
    },
  },
  awsSaml2: {
    lead: 'Let your users open the AWS Management Console through %{productName}, taking an IAM role that you choose.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'An AWS account (for example 111122223333) and an IAM user or role allowed to create identity providers and roles.',
          2: 'A directory connected under Directories, and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Services and launch the AWS template; create its SAML2.0 connector from the launch form.',
          2: 'Open Connectors, then SAML2.0, open the connector and enter the Entity ID urn:amazon:webservices and the ACS URL https://signin.aws.amazon.com/saml. Save, then download the metadata XML.',
          3: 'In the AWS IAM console, open Identity providers, add a SAML provider named Gateway and upload the metadata XML.',
          4: 'Create an IAM role for SAML 2.0 federation that trusts the Gateway provider, allows AWS Management Console access and carries the permissions your users need, for example GatewayAdmins.',
          5: 'In the connector, send the attribute https://aws.amazon.com/SAML/Attributes/Role with the value arn:aws:iam::111122223333:role/GatewayAdmins,arn:aws:iam::111122223333:saml-provider/Gateway.',
          6: "Send the attribute https://aws.amazon.com/SAML/Attributes/RoleSessionName with the user's email address, and save the connector.",
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open the service sign-in from %{productName} as a test user. After the password and the V-Key approval, the AWS console opens with the GatewayAdmins role shown in the account menu.',
        },
      },
    },
  },
  wordpressSaml2: {
    lead: 'Add single sign-on through %{productName} to a WordPress site such as https://www.example.com, using a SAML2.0 plugin.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'A WordPress administrator account, and a SAML 2.0 single sign-on plugin installed from the WordPress plugin directory.',
          2: 'The site served over HTTPS.',
          3: 'A directory connected under Directories, and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In WordPress, open the SAML plugin settings and note the service provider Entity ID and ACS URL it shows.',
          2: 'In the portal, open Services and launch the WordPress (SAML2.0) template; create its SAML2.0 connector from the launch form.',
          3: 'Open Connectors, then SAML2.0, open the connector and enter the plugin’s Entity ID and ACS URL. Choose the email address as NameID format and save.',
          4: "Download the connector's metadata XML.",
          5: 'In the plugin settings, upload the metadata (or enter the %{productName} Entity ID, single sign-on URL and certificate) and map the email attribute to the WordPress user email.',
          6: 'Choose whether the plugin may create missing WordPress users, and save.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open https://www.example.com/wp-login.php in a private window and choose the single sign-on button. After the password and the V-Key approval, you are signed in to WordPress.',
        },
      },
    },
  },
  assemblaSaml2: {
    lead: 'Let the members of your Assembla portfolio sign in through %{productName} with their directory password and a V-Key approval.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'An Assembla plan with SAML single sign-on, and the owner role on the portfolio.',
          2: 'Users whose email address in your directory matches their Assembla email, and who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In Assembla, open the portfolio administration, then the single sign-on (SAML) settings, and note the Entity ID and ACS URL.',
          2: 'In the portal, open Services and launch the Assembla template; create its SAML2.0 connector from the launch form.',
          3: 'Open Connectors, then SAML2.0, open the connector and enter the Assembla Entity ID and ACS URL. Keep the email address as NameID and save.',
          4: "Download the connector's metadata XML.",
          5: 'Back in Assembla, enter the single sign-on URL and the certificate from the metadata, and save.',
          6: 'Enable single sign-on for the portfolio once a test user has signed in.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Sign in to Assembla with single sign-on as the test user: after the password and the V-Key approval, your Assembla spaces open.',
        },
      },
    },
  },
  salesforceOidc: {
    lead: 'Add %{productName} as an OpenID Connect authentication provider to your Salesforce org (for example https://example.my.salesforce.com).',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'A Salesforce administrator, and My Domain deployed for your org.',
          2: 'A directory connected under Directories, and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In the portal, open Services and launch the Salesforce template; create its OIDC connector from the launch form.',
          2: 'Open Connectors, then OIDC, open the connector and copy the client ID, the client secret and the endpoint URLs (authorization, token and user info).',
          3: 'In Salesforce Setup, open Auth. Providers and create a provider of type OpenID Connect named Gateway.',
          4: 'Enter the client ID as Consumer Key, the client secret as Consumer Secret, the three endpoint URLs and openid email profile as Default Scopes. Let Salesforce create a registration handler, and save.',
          5: 'Copy the Callback URL Salesforce shows, for example https://example.my.salesforce.com/services/authcallback/Gateway, into the redirect URI of the OIDC connector, and save the connector.',
          6: 'In Setup, open My Domain, edit the Authentication Configuration and select Gateway as an authentication service.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open https://example.my.salesforce.com in a private window and choose Gateway. After the password and the V-Key approval, Salesforce opens, signed in as the matching user.',
        },
      },
    },
  },
  wordpressOidc: {
    lead: 'Add single sign-on through %{productName} to a WordPress site such as https://www.example.com, using an OpenID Connect client plugin.',
    sections: {
      prerequisites: {
        heading: 'Prerequisites',
        items: {
          1: 'A WordPress administrator account, and an OpenID Connect client plugin installed from the WordPress plugin directory.',
          2: 'The site served over HTTPS.',
          3: 'A directory connected under Directories, and users who have activated the V-Key app.',
        },
      },
      steps: {
        heading: 'Steps',
        steps: {
          1: 'In WordPress, open the OpenID Connect plugin settings and copy the redirect URI it shows.',
          2: 'In the portal, open Services and launch the WordPress (OIDC) template; create its OIDC connector from the launch form.',
          3: 'Open Connectors, then OIDC, open the connector, paste the redirect URI and save. Copy the client ID, the client secret and the endpoint URLs.',
          4: 'In the plugin settings, enter the client ID, the client secret, the scope openid email profile, and the login (authorization), token and user info endpoint URLs.',
          5: 'Match users by email, choose whether to create missing WordPress users, and save.',
        },
      },
      check: {
        heading: 'Check it works',
        paragraphs: {
          1: 'Open https://www.example.com/wp-login.php in a private window and choose the single sign-on button. After the password and the V-Key approval, you are signed in to WordPress.',
        },
      },
    },
  },
  termsOfUse: {
    lead: 'These are the default terms of use supplied with %{productName}. The operator of this service should replace them with its own terms; until then they describe the service in plain language only.',
    sections: {
      notice: {
        heading: 'About this text',
        paragraphs: {
          1: 'This is a default text, not legal advice. The company that runs %{productName} for you is responsible for its own terms of use, and its terms apply when they differ from this page.',
        },
      },
      service: {
        heading: 'The service',
        paragraphs: {
          1: '%{productName} adds two-factor authentication and single sign-on to VPNs and applications. It is provided as described in your subscription, and features may change over time.',
        },
      },
      accounts: {
        heading: 'Your account',
        items: {
          1: 'Keep your password and your activated phone to yourself; you are responsible for what is done with your account.',
          2: 'Tell your administrator at once if your phone is lost or you think someone knows your password.',
          3: 'Administrators are responsible for the users, connectors and services they set up.',
        },
      },
      use: {
        heading: 'Acceptable use',
        items: {
          1: 'Do not try to get around the authentication, test it without permission, or overload the service.',
          2: 'Do not use the service to break the law or the rights of others.',
        },
      },
      availability: {
        heading: 'Availability and liability',
        paragraphs: {
          1: 'The operator works to keep the service available but cannot promise it will never be interrupted. Keep a way to reach your systems in an emergency, such as an administrator account that does not depend on %{productName}.',
        },
      },
      changes: {
        heading: 'Changes and contact',
        paragraphs: {
          1: 'The operator may update these terms and will show the new version on this page. For questions, contact the operator of your service.',
        },
      },
    },
  },
  privacyPolicy: {
    lead: 'This is the default privacy policy supplied with %{productName}. The operator of this service should replace it with its own policy; until then it explains in plain language which data the service handles and why.',
    sections: {
      notice: {
        heading: 'About this text',
        paragraphs: {
          1: 'This is a default text, not legal advice. The company that runs %{productName} for you decides how your data is processed, and its own privacy policy applies when it differs from this page.',
        },
      },
      data: {
        heading: 'What data the service handles',
        items: {
          1: 'Account data: name, email address, phone number and the roles of administrators.',
          2: 'Directory data needed to sign users in: username, email address and directory name; passwords are checked against your directory.',
          3: 'Sign-in records: time, service, result and the device that approved, kept for troubleshooting and security.',
          4: 'App activation data: the activation status of each user and the keys that tie the V-Key app to the user.',
          5: 'Billing data for subscriptions; card details are handled by the card payment provider.',
        },
      },
      why: {
        heading: 'Why',
        paragraphs: {
          1: 'To sign users in securely, to show administrators what happened (audit log and troubleshooting logs), to bill subscriptions and to keep the service running. The data is not sold or used for advertising.',
        },
      },
      sharing: {
        heading: 'Who sees it',
        paragraphs: {
          1: "Your organisation's administrators, the operator's support staff when you ask for help, and service providers that host or bill the service for the operator.",
        },
      },
      rights: {
        heading: 'Your choices and rights',
        paragraphs: {
          1: 'You can ask the operator, through your administrator, to see, correct or delete your data. Some records may be kept for a limited time where security or the law requires it.',
        },
      },
    },
  },
} satisfies Record<DocPageId, DocPageBody>;

type Names = typeof docsShell.pages;
type Bodies = typeof bodies;

/** The whole documentation: the frame, and every page with its names and its body. */
export const docs = {
  ...docsShell,
  pages: Object.fromEntries(
    Object.entries(docsShell.pages).map(([id, names]) => [id, { ...names, ...bodies[id as DocPageId] }]),
  ) as unknown as { [Id in DocPageId]: Names[Id] & Bodies[Id] },
};
