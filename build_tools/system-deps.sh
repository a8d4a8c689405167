#!/bin/sh
# Make sure the system tools a step needs are installed.
#   system-deps.sh tex       xelatex, latexmk, the TeX language packages, Noto and DejaVu fonts, pdftotext
#   system-deps.sh browser   headless Chromium (browser tests)
#   system-deps.sh gettext   GNU gettext: msgmerge merges the catalogs, msgfmt checks them
# Missing ones are installed from Debian packages when running as root on
# Debian/Ubuntu; otherwise the script names the packages and fails.
set -eu

TEX_PACKAGES="texlive-xetex texlive-latex-extra texlive-fonts-recommended texlive-lang-chinese
texlive-lang-cyrillic texlive-lang-polish texlive-lang-spanish texlive-lang-european texlive-lang-german latexmk
fonts-noto-cjk fonts-noto-core fonts-dejavu-core poppler-utils"
BROWSER_PACKAGES="chromium"
GETTEXT_PACKAGES="gettext"

tex_present() {
    for tool in xelatex latexmk pdftotext pdffonts kpsewhich fc-list; do
        command -v "$tool" >/dev/null 2>&1 || return 1
    done
    # One file from each TeX package the PDFs use.
    # (hyph-de-1996.tex: German hyphenation, for a handbook that adds German)
    for file in xeCJK.sty polyglossia.sty fncychap.sty newunicodechar.sty russianb.ldf \
                polish.ldf spanish.ldf swedish.ldf pzdr.tfm hyph-de-1996.tex; do
        [ -n "$(kpsewhich "$file")" ] || return 1
    done
    fonts=$(fc-list : family)
    for family in "Noto Serif CJK SC" "Noto Sans CJK SC" "Noto Serif" "Noto Sans" "DejaVu Sans" "DejaVu Sans Mono"; do
        printf '%s\n' "$fonts" | tr ',' '\n' | grep -qx "$family" || return 1
    done
}

browser_present() {
    command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]
}

gettext_present() {
    command -v msgmerge >/dev/null 2>&1 && command -v msgfmt >/dev/null 2>&1
}

install() {  # $1: what, $2: packages
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "system-deps: installing $1 from Debian packages: $(echo $2)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q >/dev/null
        # shellcheck disable=SC2086
        apt-get install -y -q --no-install-recommends $2 >/dev/null
    else
        echo "system-deps: $1 is missing. Install these Debian packages (as root):" >&2
        echo "  apt-get install --no-install-recommends $(echo $2)" >&2
        exit 1
    fi
}

for need in "$@"; do
    case "$need" in
        tex) tex_present || { install "TeX and fonts" "$TEX_PACKAGES"; tex_present; } ;;
        browser) browser_present || { install "Chromium" "$BROWSER_PACKAGES"; browser_present; } ;;
        gettext) gettext_present || { install "GNU gettext" "$GETTEXT_PACKAGES"; gettext_present; } ;;
        *) echo "system-deps: unknown need '$need' (use tex, browser or gettext)" >&2; exit 2 ;;
    esac
done
