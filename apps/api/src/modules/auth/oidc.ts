import { MSG } from '@verdant/domain/messages';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../lib/errors';
import type { Signer } from '../../lib/signing-key';

/** How long a started sign-in may take at the provider before its attempt is refused. */
const ATTEMPT_SECONDS = 10 * 60;

export interface OidcDeps {
  config: NonNullable<Config['oidc']>;
  signer: Signer;
  /** Tests only: the HTTP client openid-client uses to reach the provider. */
  fetch?: typeof fetch;
}

export interface VerifiedIdentity {
  email: string;
  emailVerified: boolean;
  tenantId?: string;
  givenName?: string;
  familyName?: string;
  name?: string;
}

interface Attempt {
  state: string;
  nonce: string;
  verifier: string;
  exp: number;
}

const unavailable = () => new AppError('SSO_UNAVAILABLE', MSG.ssoUnavailable, 503);
const failed = () => new AppError('SSO_FAILED', MSG.ssoFailed, 401);

/** Microsoft Entra ID's multi-tenant issuers (`/common`, `/organizations`) publish this placeholder. */
const TENANT_PLACEHOLDER = '{tenantid}';

/**
 * Whether an ID token's issuer is the one its provider publishes. A multi-tenant Entra issuer is a template
 * (`https://login.microsoftonline.com/{tenantid}/v2.0`): the token's own tenant (`tid`, a GUID) fills it in and
 * the result must be the token's `iss` exactly. openid-client applies the same rule to Entra ID; it is checked
 * here again so that the rule does not rest on the provider's host name alone.
 */
export function issuerMatches(published: string, claims: { iss?: unknown; tid?: unknown }): boolean {
  if (typeof claims.iss !== 'string') return false;
  if (!published.includes(TENANT_PLACEHOLDER)) return claims.iss === published;
  const tid = claims.tid;
  if (typeof tid !== 'string' || !/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(tid)) return false;
  return claims.iss === published.replace(TENANT_PLACEHOLDER, tid);
}

/** http:// issuers are allowed only on this machine (a test or development provider). */
function isLocal(issuer: string) {
  const host = new URL(issuer).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/**
 * The OpenID Connect relying party: authorization code flow with PKCE through openid-client, which checks the
 * state, the nonce, the issuer, the audience and the signature of the ID token against the provider's keys.
 * The state, nonce and PKCE verifier travel in an attempt signed with the installation's key and kept by the
 * browser tab that started the sign-in, so nothing is stored on the server and the answer is bound to that tab.
 */
export function createOidcClient({ config, signer, fetch: customFetch }: OidcDeps) {
  let discovered: Promise<oidc.Configuration> | undefined;

  function provider(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        config.clientSecret,
        config.clientSecret ? undefined : oidc.None(),
        {
          // openid-client trusts an ID token from the token endpoint on TLS alone unless told otherwise; the
          // signature is checked against the provider's published keys as well.
          execute: [
            oidc.enableNonRepudiationChecks,
            ...(isLocal(config.issuer) ? [oidc.allowInsecureRequests] : []),
          ],
          ...(customFetch ? { [oidc.customFetch]: customFetch } : {}),
          timeout: 10,
        },
      )
      .catch((error: unknown) => {
        // Try again on the next sign-in: the provider may be back.
        discovered = undefined;
        throw error;
      });
    return discovered.catch(() => {
      throw unavailable();
    });
  }

  const seal = (attempt: Attempt) => {
    const body = Buffer.from(JSON.stringify(attempt)).toString('base64url');
    return `${body}.${signer.sign(`oidc-attempt:${body}`)}`;
  };

  function open(sealed: string): Attempt {
    const [body = '', signature = ''] = sealed.split('.');
    if (!signer.verify(`oidc-attempt:${body}`, signature)) throw failed();
    const attempt = JSON.parse(Buffer.from(body, 'base64url').toString()) as Partial<Attempt>;
    if (!attempt.state || !attempt.nonce || !attempt.verifier || !attempt.exp) throw failed();
    if (attempt.exp * 1000 < Date.now()) throw failed();
    return attempt as Attempt;
  }

  return {
    async start() {
      const configuration = await provider();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: config.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const exp = Math.floor(Date.now() / 1000) + ATTEMPT_SECONDS;
      return { url: url.href, attempt: seal({ state, nonce, verifier, exp }) };
    },

    /** Exchanges the provider's answer (`code` and `state` as a query string) for a checked identity. */
    async finish(answer: string, sealedAttempt: string): Promise<VerifiedIdentity> {
      const params = new URLSearchParams(answer.startsWith('?') ? answer.slice(1) : answer);
      if (params.has('error')) throw failed();
      if (!params.get('state')) throw badRequest(MSG.ssoNoState, { token: [MSG.ssoNoState] });
      if (!params.get('code')) throw badRequest(MSG.ssoFailed, { token: [MSG.ssoFailed] });
      const configuration = await provider();
      const attempt = open(sealedAttempt);
      const callback = new URL(config.redirectUri);
      callback.search = params.toString();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, callback, {
          pkceCodeVerifier: attempt.verifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        // The provider not answering is its outage; anything else is a refused answer.
        if (error instanceof TypeError || (error as { code?: string }).code === 'OAUTH_TIMEOUT') {
          throw unavailable();
        }
        throw failed();
      }
      const claims = tokens.claims();
      if (!claims || !issuerMatches(configuration.serverMetadata().issuer, claims)) throw failed();
      if (typeof claims.email !== 'string') throw failed();
      const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
      return {
        email: claims.email.trim().toLowerCase(),
        // Microsoft Entra ID sends no email_verified; its optional claim xms_edov says the same thing.
        emailVerified: claims.email_verified === true || claims.xms_edov === true || claims.xms_edov === '1',
        tenantId: str(claims.tid),
        givenName: str(claims.given_name),
        familyName: str(claims.family_name),
        name: str(claims.name),
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
