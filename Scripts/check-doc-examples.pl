#!/usr/bin/env perl
# Every ```swift block of README.md and Docs/*.md must be compiled by a test,
# byte for byte: its lines must appear, in order and contiguous, in a Swift
# file under Tests/ or Examples/Sources/, each line indented by the same
# prefix (the test may nest the example in a function or a type). A block
# that shows `import` lines must appear unindented, imports included, so that
# the test compiles the example with exactly the imports it shows.
#
# A block that is deliberately a fragment (a signature, a line of a larger
# example) opens with ```swift fragment and is exempt; keep those few. A
# ```swift setup block (a page's imports and the declarations its examples
# assume) is exempt here too: it has no behaviour to test, and like every
# other non-fragment block it is compiled as a user's code by the page's
# program in Examples/DocExamples (Scripts/generate-doc-examples.py).
# Run by `make test` (target doc-examples).
use strict;
use warnings;
use File::Find;

my @docs = ('README.md', sort glob('Docs/*.md'));
my @sources;
find(sub { push @sources, $File::Find::name if /\.swift$/ && $File::Find::name !~ m{/\.build} },
  'Tests', 'Examples/Sources');
my %lines;
for my $source (@sources) {
  open my $fh, '<', $source or die "$source: $!";
  my @l = <$fh>;
  chomp @l;
  $lines{$source} = \@l;
}

sub found_in {
  my ($block, $needs_top_level) = @_;
  my $first = $block->[0];
  for my $source (sort keys %lines) {
    my $l = $lines{$source};
    for my $i (0 .. $#$l) {
      my $line = $l->[$i];
      next unless length($line) >= length($first) && substr($line, -length($first)) eq $first;
      my $prefix = substr($line, 0, length($line) - length($first));
      next unless $prefix =~ /^[ ]*$/;
      next if $needs_top_level && $prefix ne '';
      my $ok = 1;
      for my $k (1 .. $#$block) {
        my $want = $block->[$k] eq '' ? '' : $prefix . $block->[$k];
        if (!defined $l->[$i + $k] || $l->[$i + $k] ne $want) { $ok = 0; last }
      }
      return "$source:" . ($i + 1) if $ok;
    }
  }
  return undef;
}

my ($checked, $exempt, @missing) = (0, 0);
for my $doc (@docs) {
  open my $fh, '<', $doc or die "$doc: $!";
  my ($in, $start, $fragment, @block) = (0);
  while (my $line = <$fh>) {
    chomp $line;
    if (!$in && $line =~ /^```swift(?: (fragment|setup))?\s*$/) {
      ($in, $start, $fragment, @block) = (1, $., defined $1);
    } elsif ($in && $line =~ /^```\s*$/) {
      $in = 0;
      if ($fragment) { $exempt++; next }
      $checked++;
      my $imports = grep { /^import / } @block;
      push @missing, "$doc:$start" unless @block && found_in(\@block, $imports);
    } elsif ($in) {
      push @block, $line;
    }
  }
}

if (@missing) {
  print "doc examples: ", scalar(@missing), " of $checked swift blocks appear in no test, byte for byte:\n";
  print "  $_\n" for @missing;
  print "Copy each into a test (its lines in order, one common indentation; a block that shows imports\n"
    . "at the top of a file of its own), or mark a deliberate fragment with ```swift fragment.\n";
  exit 1;
}
print "doc examples: all $checked swift blocks of README.md and Docs/ are compiled by a test"
  . ($exempt ? " ($exempt fragments and setup blocks exempt)" : "") . "\n";
