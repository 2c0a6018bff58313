#!/usr/bin/env bash
# A throw-away OpenLDAP for tests, benches and trying the directories by hand (Debian's slapd and ldap-utils;
# no systemd, as root or as any user).
#   slapd.sh start <dir> <port> <userCount>   serves dc=example,dc=test on ldap://127.0.0.1:<port> from <dir>
#   slapd.sh stop <dir>                       stops it and removes <dir>
# Users: uid=user00001…,ou=people,dc=example,dc=test (inetOrgPerson, password Password1!), displayName
# "<given> <surname> 00001" from small lists of names, mail user00001@example.test, mobile +15550000001.
# Accounts:
#   cn=portal-reader,ou=services,dc=example,dc=test / reader-secret   reads ou=people, cannot write
#   cn=portal-writer,ou=services,dc=example,dc=test / writer-secret   reads ou=people, writes its userPassword
#   cn=admin,dc=example,dc=test / admin-secret                        the root DN (no limits, no ACLs)
# Anonymous clients may only bind. Like Active Directory (1,000 there), a plain search answers at most 500
# entries (then sizeLimitExceeded); a paged search (RFC 2696) reads everything in pages of at most 500.
# The entries are written with slapadd before slapd starts: 10,000 users load in about a second.
set -euo pipefail
SLAPD=/usr/sbin/slapd
SLAPADD=/usr/sbin/slapadd
SLAPPASSWD=/usr/sbin/slappasswd
LDAPSEARCH=/usr/bin/ldapsearch
BASE=dc=example,dc=test

usage='usage: slapd.sh start <dir> <port> <userCount> | slapd.sh stop <dir>'
command=${1:?$usage}
dir=${2:?$usage}

if [ "$command" = stop ]; then
  # The data are thrown away, so no clean shutdown (slapd takes about 1.5 s over one).
  if [ -f "$dir/slapd.pid" ]; then
    pid=$(cat "$dir/slapd.pid")
    kill -KILL "$pid" 2>/dev/null || true
    # Until it is gone or a zombie (where no init reaps orphans, as in some containers).
    for _ in $(seq 1 100); do
      state=$(ps -o stat= -p "$pid" 2>/dev/null || true)
      case $state in '' | Z*) break ;; esac
      sleep 0.02
    done
  fi
  rm -rf "$dir"
  exit 0
fi
[ "$command" = start ] || { echo "$usage" >&2; exit 2; }

port=${3:?$usage}
count=${4:?$usage}
for tool in "$SLAPD" "$SLAPADD" "$SLAPPASSWD" "$LDAPSEARCH"; do
  [ -x "$tool" ] || { echo "slapd.sh: $tool is missing (apt-get install slapd ldap-utils)" >&2; exit 1; }
done
rm -rf "$dir/db"
mkdir -p "$dir/db"
hash() { "$SLAPPASSWD" -s "$1"; }

PEOPLE="ou=people,$BASE"
READER="cn=portal-reader,ou=services,$BASE"
WRITER="cn=portal-writer,ou=services,$BASE"

cat >"$dir/slapd.conf" <<CONF
include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/nis.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile $dir/slapd.pid
argsfile $dir/slapd.args
# The cap: 500 entries for a plain search; pages of at most 500, as many pages as it takes.
sizelimit size.soft=500 size.hard=500 size.pr=500 size.prtotal=unlimited
database mdb
maxsize 1073741824
suffix "$BASE"
rootdn "cn=admin,$BASE"
rootpw $(hash admin-secret)
directory $dir/db
index objectClass eq
index uid eq,sub
index cn,sn,givenName,displayName,mail eq,sub
access to dn.subtree="$PEOPLE" attrs=userPassword
  by dn.exact="$WRITER" write
  by self write
  by anonymous auth
  by * none
access to attrs=userPassword
  by self write
  by anonymous auth
  by * none
access to dn.subtree="$PEOPLE"
  by dn.exact="$WRITER" read
  by dn.exact="$READER" read
  by self read
  by * none
access to dn.base="$BASE"
  by users read
  by * none
access to *
  by self read
  by * none
CONF

user_password=$(hash 'Password1!')
surnames=(Smith Nguyen Garcia Muller Tanaka Okafor Rossi Kowalski Dubois Silva)
given=(Anna Bao Carlos Dana Emeka Fatima Giulia Hiro Ines Jakub)
{
  printf 'dn: %s\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example\n\n' "$BASE"
  printf 'dn: %s\nobjectClass: organizationalUnit\nou: people\n\n' "$PEOPLE"
  printf 'dn: ou=services,%s\nobjectClass: organizationalUnit\nou: services\n\n' "$BASE"
  for account in reader writer; do
    printf 'dn: cn=portal-%s,ou=services,%s\nobjectClass: person\ncn: portal-%s\nsn: %s\nuserPassword: %s\n\n' \
      "$account" "$BASE" "$account" "$account" "$(hash "$account-secret")"
  done
  # printf -v, not $(…): no process per user.
  for ((n = 1; n <= count; n++)); do
    printf -v id 'user%05d' "$n"
    first=${given[$((n % 10))]}
    last=${surnames[$(((n / 10) % 10))]}
    printf 'dn: uid=%s,%s\nobjectClass: inetOrgPerson\nuid: %s\ncn: %s %s\ngivenName: %s\nsn: %s\ndisplayName: %s %s %05d\nmail: %s@example.test\nmobile: +1555%07d\nuserPassword: %s\n\n' \
      "$id" "$PEOPLE" "$id" "$first" "$last" "$first" "$last" "$first" "$last" "$n" "$id" "$n" "$user_password"
  done
} >"$dir/data.ldif"
if ! "$SLAPADD" -q -f "$dir/slapd.conf" -l "$dir/data.ldif" >"$dir/slapadd.log" 2>&1; then
  echo "slapadd failed; its log:" >&2
  cat "$dir/slapadd.log" >&2
  exit 1
fi
rm -f "$dir/data.ldif"

# slapd forks into the background once it listens; it fails here when the port is taken.
if ! "$SLAPD" -f "$dir/slapd.conf" -h "ldap://127.0.0.1:$port/" >"$dir/slapd.log" 2>&1; then
  echo "slapd did not start on port $port; its log:" >&2
  cat "$dir/slapd.log" >&2
  exit 1
fi
for _ in $(seq 1 200); do
  if "$LDAPSEARCH" -x -H "ldap://127.0.0.1:$port" -b '' -s base -l 2 >/dev/null 2>&1; then exit 0; fi
  sleep 0.05
done
echo "slapd did not answer on port $port within 10 s; its log:" >&2
cat "$dir/slapd.log" >&2
exit 1
